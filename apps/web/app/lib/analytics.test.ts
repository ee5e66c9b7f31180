import { describe, expect, it } from 'vitest';
import { analyticsDate, anonymise, identify, onAnalyticsEvent, track } from './analytics';

describe('analytics events', () => {
  it('dates events at a fixed UTC+3 shift', () => {
    expect(analyticsDate(new Date('2026-11-25T22:30:05Z'))).toBe('2026-11-26T01:30:05+03:00');
  });

  it('pushes to the data layer, replays early events to the first listener, identifies and anonymises', () => {
    const w = window as unknown as { dataLayer: Record<string, unknown>[] };
    track('page_ready', { path: '/' });
    const seen: string[] = [];
    const stop = onAnalyticsEvent((e) => seen.push(`${e.event}:${e.uid}`));
    identify(42);
    track('deposit', { amount: 10 });
    anonymise();
    track('logout_done');
    stop();
    expect(seen).toEqual(['page_ready:0', 'identify:42', 'deposit:42', 'anonymise:42', 'logout_done:0']);
    expect(w.dataLayer.find((e) => e.event === 'deposit')).toMatchObject({ amount: 10, user_id: 42 });
    expect(w.dataLayer.at(-1)).not.toHaveProperty('user_id');
  });
});
