/**
 * Spec §4 Inactivity: with time_to_force_logout (seconds) set and a signed-in player, a warning at 80% of
 * the time with a countdown of the remaining 20%; any activity resets it; at the full time, logout.
 */
export const WARNING_SHARE = 0.8;

export interface TInactivityHandlers {
  onWarn: (deadline: number) => void;
  onReset: () => void;
  onTimeout: () => void;
}

export interface TTimerClock {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const realClock: TTimerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export const createInactivityTimer = (
  totalSeconds: number,
  handlers: TInactivityHandlers,
  clock: TTimerClock = realClock,
) => {
  const totalMs = totalSeconds * 1000;
  let warnHandle: unknown;
  let logoutHandle: unknown;
  let warned = false;
  let stopped = false;

  const clear = () => {
    clock.clearTimeout(warnHandle);
    clock.clearTimeout(logoutHandle);
  };

  const start = () => {
    clear();
    if (stopped || totalMs <= 0) return;
    const startedAt = clock.now();
    warnHandle = clock.setTimeout(() => {
      warned = true;
      handlers.onWarn(startedAt + totalMs);
    }, totalMs * WARNING_SHARE);
    logoutHandle = clock.setTimeout(() => {
      stopped = true;
      handlers.onTimeout();
    }, totalMs);
  };

  return {
    start,
    /** Activity: key, click, scroll or route change. */
    reset() {
      if (stopped) return;
      if (warned) {
        warned = false;
        handlers.onReset();
      }
      start();
    },
    stop() {
      stopped = true;
      clear();
    },
  };
};
