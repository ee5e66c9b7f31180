import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAT_INIT_FALLBACK_MS, INTERACTION_EVENTS, onFirstInteractionOrIdle } from './first-interaction';

afterEach(() => vi.useRealTimers());

describe('first interaction or idle', () => {
  it.each(INTERACTION_EVENTS)('starts once on %s', (name) => {
    const start = vi.fn();
    const target = new EventTarget() as unknown as Window;
    Object.assign(target, { setTimeout: () => 1, clearTimeout: () => {} });
    onFirstInteractionOrIdle(start, target);
    target.dispatchEvent(new Event(name));
    target.dispatchEvent(new Event('click'));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts when the browser is idle, or after 1 s without an idle callback', () => {
    vi.useFakeTimers();
    const idle = vi.fn();
    const withIdle = Object.assign(new EventTarget(), {
      requestIdleCallback: (cb: () => void) => {
        idle.mockImplementation(cb);
        return 1;
      },
      cancelIdleCallback: () => {},
    }) as unknown as Window;
    const first = vi.fn();
    onFirstInteractionOrIdle(first, withIdle);
    idle();
    expect(first).toHaveBeenCalledTimes(1);

    const plain = Object.assign(new EventTarget(), {
      setTimeout: (cb: () => void, ms: number) => setTimeout(cb, ms),
      clearTimeout: (id: number) => clearTimeout(id),
    }) as unknown as Window;
    const second = vi.fn();
    onFirstInteractionOrIdle(second, plain);
    vi.advanceTimersByTime(CHAT_INIT_FALLBACK_MS - 1);
    expect(second).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
