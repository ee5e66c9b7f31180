/** The match clock carried forward from the feed's reading, and the period's name. */
import type { TMatchClock } from '@casino/contracts/calls/sportsbook';
import { describe, expect, it } from 'vitest';
import { clockSeconds, clockText, periodLabel } from './match-clock';

const AT = '2026-11-29T12:00:00.000Z';
const at = (seconds: number) => Date.parse(AT) + seconds * 1000;
const clock = (over: Partial<TMatchClock>): TMatchClock => ({
  match_time: null,
  stoppage_time: null,
  remaining_time: null,
  remaining_time_in_period: null,
  stopped: false,
  match_status: null,
  period: null,
  at: AT,
  ...over,
});

describe('match clock', () => {
  it("reads the feed's times", () => {
    expect(clockSeconds('27:33')).toBe(27 * 60 + 33);
    expect(clockSeconds('45')).toBe(2700);
    expect(clockSeconds('')).toBeNull();
    expect(clockSeconds('x')).toBeNull();
  });

  it('runs the match time on from the reading while the clock runs', () => {
    const running = clock({ match_time: '27:33', match_status: 6, period: '1st half' });
    expect(clockText(running, null)).toBe('27:33');
    expect(clockText(running, at(0))).toBe('27:33');
    expect(clockText(running, at(29))).toBe('28:02');
    expect(clockText(running, at(-5))).toBe('27:33');
    expect(clockText({ ...running, stopped: true }, at(600))).toBe('27:33');
  });

  it('counts a period down to zero, runs stoppage time on, and shows no time where the feed sends none', () => {
    const quarter = clock({ match_time: '14:10', remaining_time_in_period: '9:50', match_status: 14 });
    expect(clockText(quarter, at(50))).toBe('9:00');
    expect(clockText(quarter, at(5000))).toBe('0:00');
    const stoppage = clock({ match_time: '45:00', stoppage_time: '1:20', match_status: 6 });
    expect(clockText(stoppage, at(10))).toBe('45:00+1:30');
    expect(clockText(clock({ match_status: 9, period: '2nd set' }), at(10))).toBeNull();
  });

  it("names the period in the player's language, the feed's name for a code the site does not know", () => {
    const t = (key: string, options?: Record<string, unknown>) =>
      key === 'betting.period.p7' ? '2. Halbzeit' : String(options?.defaultValue ?? key);
    expect(periodLabel(t, clock({ match_status: 7, period: '2nd half' }))).toBe('2. Halbzeit');
    expect(periodLabel(t, clock({ match_status: 999, period: 'Golden set' }))).toBe('Golden set');
    expect(periodLabel(t, clock({}))).toBeNull();
  });
});
