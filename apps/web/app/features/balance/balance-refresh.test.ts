import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBalanceRefresher, DEFAULT_REFRESH_SETTINGS, isGamePath } from './balance-refresh';

afterEach(() => vi.useRealTimers());

const make = (overrides: Partial<typeof DEFAULT_REFRESH_SETTINGS>, path = '/') => {
  vi.useFakeTimers();
  const refresh = vi.fn();
  let pathname = path;
  const refresher = createBalanceRefresher(
    { ...DEFAULT_REFRESH_SETTINGS, ...overrides },
    { refresh, pathname: () => pathname, now: () => Date.now() },
  );
  return { refresh, refresher, go: (p: string) => (pathname = p) };
};

describe('balance refresh (spec §4, defaults of §9)', () => {
  it('does nothing by default: interval and click refresh are off', () => {
    const { refresh, refresher } = make({});
    refresher.start();
    refresher.click();
    vi.advanceTimersByTime(60_000);
    expect(refresh).not.toHaveBeenCalled();
    expect(refresher.isRunning).toBe(false);
  });

  it('refreshes every interval and turns itself off after the configured minutes', () => {
    const { refresh, refresher } = make({ isEnabledInterval: true });
    refresher.start();
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5 * 60_000);
    expect(refresher.isRunning).toBe(false);
    const count = refresh.mock.calls.length;
    // ticks at 10 s … 290 s; the turn-off at 300 s was set after the interval and wins the tie
    expect(count).toBe(29);
    vi.advanceTimersByTime(60_000);
    expect(refresh).toHaveBeenCalledTimes(count);
  });

  it('keeps running when turn-off is disabled', () => {
    const { refresh, refresher } = make({ isEnabledInterval: true, isEnabledTurnOffRequests: false });
    refresher.start();
    vi.advanceTimersByTime(20 * 60_000);
    expect(refresh).toHaveBeenCalledTimes(120);
  });

  it('restarts on the next click once stopped, throttled by the delay between clicks', () => {
    const { refresh, refresher } = make({
      isEnabledInterval: true,
      isEnabledRequestsAfterClick: true,
      countMinutesAfterWhichRequestsTurnedOff: 1,
      countSecondsForDelayBetweenClick: 2,
    });
    refresher.start();
    vi.advanceTimersByTime(60_000);
    expect(refresher.isRunning).toBe(false);
    refresh.mockClear();
    refresher.click();
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresher.isRunning).toBe(true);
    refresher.stop();
    refresher.click();
    expect(refresh).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    refresher.click();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('skips the refresh on any path containing /game/', () => {
    const { refresh, refresher, go } = make({ isEnabledInterval: true }, '/es/game/dice');
    refresher.start();
    vi.advanceTimersByTime(30_000);
    expect(refresh).not.toHaveBeenCalled();
    go('/gamehall');
    vi.advanceTimersByTime(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(isGamePath('/game/x')).toBe(true);
    expect(isGamePath('/gamehall')).toBe(false);
  });
});
