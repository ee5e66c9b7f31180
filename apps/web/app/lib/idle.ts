/**
 * Runs work the page does not need to show or answer (preloading a dialog's code, starting a socket) once the
 * browser is idle after loading, so it does not lengthen the tasks of hydration. Returns a cancel function.
 */
export const whenIdle = (work: () => void, timeout = 3_000): (() => void) => {
  if (typeof window === 'undefined') return () => {};
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => work(), { timeout });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
};
