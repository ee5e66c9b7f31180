import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TAnalyticsEvent } from '../../lib/analytics';
import { readConsent, saveConsent } from '../../lib/consent';
import type { TIntegrations } from '../../lib/site/types';
import { createAnalyticsRunner } from './analytics-runner';
import { CDP_BATCH_SIZE, CDP_FLUSH_MS, CDP_RETRY_DELAYS_MS, createCdpSender } from './cdp-sender';
import { needsConsent, tagsToLoad } from './tags';

const ids = { tagManagerId: 'GTM-1', tagId: 'G-1', webAnalyticsId: '', metricsId: '99' };
const integrations = (over: Partial<TIntegrations> = {}): TIntegrations => ({
  analytics: ids,
  cdp: { target: '', token: '', siteGroup: '' },
  performanceMonitoringUrl: '',
  customCode: [],
  ...over,
});
const consent = (analytics: boolean, marketing: boolean) => ({
  necessary: true,
  analytics,
  marketing,
  at: 1,
});

afterEach(() => {
  vi.useRealTimers();
  window.localStorage.clear();
});

describe('analytics tags', () => {
  it('load only the ids that are set, only in the categories consented to, once', () => {
    expect(tagsToLoad(ids, null, new Set())).toEqual([]);
    expect(tagsToLoad(ids, consent(true, false), new Set()).map((t) => t.id)).toEqual(['tagId', 'metricsId']);
    expect(tagsToLoad(ids, consent(true, true), new Set(['tagId'])).map((t) => t.id)).toEqual([
      'tagManagerId',
      'metricsId',
    ]);
  });

  it('need consent only when something is configured', () => {
    const none = { tagManagerId: '', tagId: '', webAnalyticsId: '', metricsId: '' };
    expect(needsConsent(integrations({ analytics: none }))).toBe(false);
    expect(needsConsent(integrations())).toBe(true);
    expect(
      needsConsent(integrations({ analytics: none, performanceMonitoringUrl: 'https://m.example' })),
    ).toBe(true);
  });

  it('the runner injects the tag scripts after consent and identifies the player in them', () => {
    const w: Record<string, unknown> = { navigator: {}, addEventListener: () => {} };
    const loadScript = vi.fn(async (_src: string) => {});
    const runner = createAnalyticsRunner(integrations(), { window: w, loadScript, path: () => '/' });
    runner.apply(null);
    expect(loadScript).not.toHaveBeenCalled();
    runner.apply(consent(true, true));
    expect(loadScript.mock.calls.map((c) => c[0])).toEqual([
      'https://www.googletagmanager.com/gtm.js?id=GTM-1',
      'https://www.googletagmanager.com/gtag/js?id=G-1',
      'https://mc.yandex.ru/metrika/tag.js',
    ]);
    expect((w.ym as { a: unknown[][] }).a[0]).toEqual([99, 'init', expect.any(Object)]);
    runner.stop();
  });
});

describe('consent store', () => {
  it('stores the choice for a year and tells the listeners', () => {
    expect(readConsent()).toBeNull();
    saveConsent({ analytics: true, marketing: false }, 1_000);
    expect(readConsent(2_000)).toEqual({ necessary: true, analytics: true, marketing: false, at: 1_000 });
    expect(readConsent(1_000 + 366 * 24 * 3_600_000)).toBeNull();
  });
});

describe('customer-data platform sender', () => {
  const event = (n: number): TAnalyticsEvent => ({ event: `e${n}`, params: { n }, date: 'd', uid: 7 });

  it('batches by size or after 5 s and posts the token, site group and events', async () => {
    vi.useFakeTimers();
    const fetch = vi.fn(async () => ({ ok: true, status: 200 }));
    const sender = createCdpSender(
      { target: 'https://cdp.example/batch', token: 'tok', siteGroup: 'main' },
      { fetch, setTimeout: (run, ms) => setTimeout(run, ms), anonymousId: 'anon' },
    );
    for (let n = 0; n < CDP_BATCH_SIZE; n++) sender.push(event(n));
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://cdp.example/batch');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({ token: 'tok', site_group: 'main' });
    expect(body.batch).toHaveLength(CDP_BATCH_SIZE);
    expect(body.batch[0]).toEqual({
      type: 'track',
      event: 'e0',
      properties: { n: 0 },
      user_id: '7',
      anonymous_id: 'anon',
      timestamp: 'd',
    });
    sender.push(event(99));
    await vi.advanceTimersByTimeAsync(CDP_FLUSH_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('retries a failed batch with back-off, then drops it', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answers = [503, 429, 200];
    const fetch = vi.fn(async () => {
      const status = answers.shift() ?? 500;
      return { ok: status === 200, status };
    });
    const sender = createCdpSender(
      { target: 'https://cdp.example/b', token: 't', siteGroup: 'g' },
      { fetch, setTimeout: (run, ms) => setTimeout(run, ms), anonymousId: 'a' },
    );
    sender.push(event(1));
    const done = sender.flush();
    await vi.advanceTimersByTimeAsync(1_000 + 2_000);
    expect(await done).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(3);

    const failing = vi.fn(async () => ({ ok: false, status: 500 }));
    const doomed = createCdpSender(
      { target: 'https://cdp.example/b', token: 't', siteGroup: 'g' },
      { fetch: failing, setTimeout: (run, ms) => setTimeout(run, ms), anonymousId: 'a' },
    );
    doomed.push(event(2));
    const gaveUp = doomed.flush();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await gaveUp).toBe(false);
    expect(failing).toHaveBeenCalledTimes(1 + CDP_RETRY_DELAYS_MS.length);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('does not retry a 400 and leaves by beacon when the page goes away', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetch = vi.fn(async () => ({ ok: false, status: 400 }));
    const sendBeacon = vi.fn(() => true);
    const sender = createCdpSender(
      { target: 'https://cdp.example/b', token: 't', siteGroup: 'g' },
      { fetch, sendBeacon, setTimeout: () => 0, anonymousId: 'a' },
    );
    sender.push(event(1));
    expect(await sender.flush()).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    sender.push(event(2));
    sender.flushByBeacon();
    expect(sendBeacon).toHaveBeenCalledWith('https://cdp.example/b', expect.stringContaining('"e2"'));
    warn.mockRestore();
  });
});

describe('first deposit', () => {
  it('follows the deposit event when it is the player’s first', async () => {
    const { track, onAnalyticsEvent } = await import('../../lib/analytics');
    const seen: string[] = [];
    const stopSeen = onAnalyticsEvent((e) => seen.push(e.event));
    const counts = [1, 2];
    const runner = createAnalyticsRunner(integrations(), {
      window: {},
      loadScript: async () => {},
      path: () => '/',
      depositCount: async () => counts.shift() ?? 0,
    });
    track('deposit', { amount: 10 });
    track('deposit', { amount: 20 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen.filter((e) => e.endsWith('eposit'))).toEqual(['deposit', 'deposit', 'firstDeposit']);
    runner.stop();
    stopSeen();
  });
});
