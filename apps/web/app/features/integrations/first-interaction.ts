/**
 * Spec §4: the chat starts on the visitor's first interaction (scroll, click, mousemove, keydown, touchstart,
 * focus) or when the browser is idle, with a fallback of 1 s where there is no idle callback. Returns a cancel.
 */
export const INTERACTION_EVENTS = ['scroll', 'click', 'mousemove', 'keydown', 'touchstart', 'focus'] as const;
export const CHAT_INIT_FALLBACK_MS = 1_000;

export const onFirstInteractionOrIdle = (start: () => void, target: Window = window): (() => void) => {
  let done = false;
  const options = { capture: true, passive: true } as const;
  const cancel = () => {
    for (const name of INTERACTION_EVENTS) target.removeEventListener(name, fire, options);
    if (idle !== undefined) target.cancelIdleCallback?.(idle);
    if (timer !== undefined) target.clearTimeout(timer);
  };
  function fire() {
    if (done) return;
    done = true;
    cancel();
    start();
  }
  for (const name of INTERACTION_EVENTS) target.addEventListener(name, fire, options);
  let idle: number | undefined;
  let timer: number | undefined;
  if (typeof target.requestIdleCallback === 'function') idle = target.requestIdleCallback(fire);
  else timer = target.setTimeout(fire, CHAT_INIT_FALLBACK_MS);
  return cancel;
};
