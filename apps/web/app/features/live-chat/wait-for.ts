/** Spec §9 chat wait helper: polls until a value appears (timeout 5000 ms, every 100 ms). */
export const CHAT_WAIT_TIMEOUT_MS = 5_000;
export const CHAT_WAIT_POLL_MS = 100;

export const waitFor = <T>(
  read: () => T | undefined | null | false,
  timeoutMs = CHAT_WAIT_TIMEOUT_MS,
  pollMs = CHAT_WAIT_POLL_MS,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      let value: T | undefined | null | false;
      try {
        value = read();
      } catch (error) {
        reject(error);
        return;
      }
      if (value) resolve(value);
      else if (Date.now() - started >= timeoutMs) reject(new Error(`chat: not ready after ${timeoutMs} ms`));
      else setTimeout(tick, pollMs);
    };
    tick();
  });
