/**
 * How `/_ipx/` renders are run and kept: at most `concurrency` at once (sharp's work runs on libuv's threads,
 * which the static files' reads share), a short queue behind them and 503 past it; one render for the many
 * requests of the same image; and the results in memory up to a byte budget, the least recently used dropped first.
 */
import { ImageRequestError } from './image-modifiers.ts';

/** By default a request gives up with 503 past this many waiting (IMAGE_RENDER_QUEUE); the client retries after RETRY_AFTER_SECONDS. */
export const RENDER_QUEUE_LIMIT = 128;
const RETRY_AFTER_SECONDS = 5;

export interface TRenderedImage {
  data: Buffer;
  type: string;
  etag: string;
  mtime: Date;
}

/** Runs tasks `concurrency` at a time; past `queueLimit` waiting, refuses at once with 503. */
export const createRenderGate = (concurrency: number, queueLimit = RENDER_QUEUE_LIMIT) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < concurrency) running += 1;
    else {
      if (waiting.length >= queueLimit)
        throw new ImageRequestError(503, 'Too many images are being made', RETRY_AFTER_SECONDS);
      // The slot is handed over by the task that ends, so `running` stays as it is.
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
};

/** Rendered images by key, within `maxBytes`; a hit becomes the most recently used. */
export const createImageCache = (maxBytes: number) => {
  const entries = new Map<string, TRenderedImage>();
  let bytes = 0;
  return {
    get(key: string) {
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    set(key: string, entry: TRenderedImage) {
      if (entry.data.length > maxBytes) return;
      const old = entries.get(key);
      if (old) bytes -= old.data.length;
      entries.delete(key);
      entries.set(key, entry);
      bytes += entry.data.length;
      for (const [oldest, value] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(oldest);
        bytes -= value.data.length;
      }
    },
  };
};

/** One render per key at a time: later asks for the same key wait for the first one's result. */
export const singleFlight = <T>() => {
  const pending = new Map<string, Promise<T>>();
  return {
    has: (key: string) => pending.has(key),
    run(key: string, task: () => Promise<T>): Promise<T> {
      const running = pending.get(key);
      if (running) return running;
      const started = task().finally(() => pending.delete(key));
      pending.set(key, started);
      return started;
    },
  };
};
