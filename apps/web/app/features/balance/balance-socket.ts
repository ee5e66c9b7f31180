/**
 * The page's side of the live balance (spec §4): fetch a socket token first, then join the `position-sync`
 * shared worker, or, where SharedWorker is missing, keep a socket of the page's own. Events come back through
 * `onEvent`; `detach()` when the page goes away, `close()` to end the socket for every tab.
 */
import type { TFromWorker, TToWorker } from './balance-socket-hub';
import { createSocketLink, type TSocketLike } from './socket-link';

/** The shared worker's name, as the spec (§4) names it. */
export const WORKER_NAME = 'position-sync';

export interface TBalanceSocket {
  detach(): void;
  close(): void;
}

export interface TBalanceSocketOptions {
  /** A fresh socket URL with a new token, or null when the visitor is not signed in. */
  requestUrl: () => Promise<string | null>;
  onEvent: (event: string, data: unknown) => void;
}

const createWorker = (): SharedWorker | null => {
  if (typeof SharedWorker === 'undefined') return null;
  try {
    return new SharedWorker(new URL('./balance-socket.worker.ts', import.meta.url), {
      type: 'module',
      name: WORKER_NAME,
    });
  } catch {
    return null;
  }
};

const viaWorker = (worker: SharedWorker, url: string, options: TBalanceSocketOptions): TBalanceSocket => {
  const port = worker.port;
  const send = (message: TToWorker) => port.postMessage(message);
  port.onmessage = (event: MessageEvent<TFromWorker>) => {
    const message = event.data;
    if (message.type === 'event') options.onEvent(message.event, message.data);
    else if (message.type === 'token-needed')
      options
        .requestUrl()
        .then((next) => send({ type: 'token', url: next }))
        .catch(() => send({ type: 'token', url: null }));
  };
  port.start();
  send({ type: 'start', url });
  return { detach: () => send({ type: 'detach' }), close: () => send({ type: 'close' }) };
};

const inPage = (url: string, options: TBalanceSocketOptions): TBalanceSocket => {
  const link = createSocketLink({
    openSocket: (target) => new WebSocket(target) as unknown as TSocketLike,
    requestUrl: options.requestUrl,
    onEvent: options.onEvent,
  });
  link.start(url);
  return { detach: link.close, close: link.close };
};

/** Starts only once a token exists: a visitor (no token) gets null and no socket. */
export const startBalanceSocket = async (options: TBalanceSocketOptions): Promise<TBalanceSocket | null> => {
  const url = await options.requestUrl();
  if (!url) return null;
  const worker = createWorker();
  return worker ? viaWorker(worker, url, options) : inPage(url, options);
};
