import { describe, expect, it, vi } from 'vitest';
import { createInactivityTimer } from './inactivity-timer';

const setup = (seconds: number) => {
  vi.useFakeTimers();
  const handlers = { onWarn: vi.fn(), onReset: vi.fn(), onTimeout: vi.fn() };
  const timer = createInactivityTimer(seconds, handlers);
  timer.start();
  return { timer, handlers };
};

describe('inactivity timer', () => {
  it('warns at 80% with the deadline, then logs out at the full time', () => {
    const { handlers } = setup(100);
    const startedAt = Date.now();
    vi.advanceTimersByTime(79_999);
    expect(handlers.onWarn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(handlers.onWarn).toHaveBeenCalledWith(startedAt + 100_000);
    vi.advanceTimersByTime(19_999);
    expect(handlers.onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(handlers.onTimeout).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });

  it('activity restarts the full period and closes a shown warning', () => {
    const { timer, handlers } = setup(10);
    vi.advanceTimersByTime(9_000);
    expect(handlers.onWarn).toHaveBeenCalledOnce();
    timer.reset();
    expect(handlers.onReset).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(7_999);
    expect(handlers.onWarn).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(handlers.onWarn).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1_999);
    expect(handlers.onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(handlers.onTimeout).toHaveBeenCalledOnce();
    vi.useRealTimers();
  });

  it('does nothing when the time is zero or after stop', () => {
    const zero = setup(0);
    vi.advanceTimersByTime(1_000_000);
    expect(zero.handlers.onTimeout).not.toHaveBeenCalled();
    const { timer, handlers } = setup(5);
    timer.stop();
    vi.advanceTimersByTime(10_000);
    expect(handlers.onWarn).not.toHaveBeenCalled();
    expect(handlers.onTimeout).not.toHaveBeenCalled();
    vi.useRealTimers();
  });
});
