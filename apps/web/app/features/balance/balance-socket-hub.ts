/**
 * The heart of the `position-sync` shared worker, kept free of worker globals so it can be tested: one socket
 * for every tab of the player, its events fanned out to each tab's port. A tab that leaves detaches; the
 * socket closes when no tab is left, or at once when a tab asks (logout).
 */
import { createSocketLink, type TLinkStatus, type TSocketLike, type TSocketLink } from './socket-link';

/** Page → worker. */
export type TToWorker =
  | { type: 'start'; url: string }
  | { type: 'token'; url: string | null }
  | { type: 'close' }
  | { type: 'detach' };

/** Worker → page. */
export type TFromWorker =
  | { type: 'event'; event: string; data: unknown }
  | { type: 'token-needed' }
  | { type: 'status'; status: TLinkStatus };

export interface TPortLike {
  postMessage(message: TFromWorker): void;
  onmessage: ((event: { data: TToWorker }) => void) | null;
  start?: () => void;
}

const TOKEN_WAIT_MS = 10_000;

export const createBalanceSocketHub = (options: {
  openSocket: (url: string) => TSocketLike;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}) => {
  const ports = new Set<TPortLike>();
  const later = options.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const cancel = options.clearTimeout ?? ((handle: unknown) => clearTimeout(handle as number));
  let link: TSocketLink | null = null;
  let waiting: { resolve: (url: string | null) => void; timer: unknown } | null = null;

  const broadcast = (message: TFromWorker) => {
    for (const port of ports) port.postMessage(message);
  };

  const requestUrl = () =>
    new Promise<string | null>((resolve, reject) => {
      if (ports.size === 0) return resolve(null);
      const timer = later(() => {
        waiting = null;
        reject(new Error('no token'));
      }, TOKEN_WAIT_MS);
      waiting = { resolve, timer };
      broadcast({ type: 'token-needed' });
    });

  const closeLink = () => {
    link?.close();
    link = null;
  };

  const handle = (port: TPortLike, message: TToWorker) => {
    if (message.type === 'start') {
      if (!link || link.isClosed) {
        link = createSocketLink({
          openSocket: options.openSocket,
          requestUrl,
          onEvent: (event, data) => broadcast({ type: 'event', event, data }),
          onStatus: (status) => broadcast({ type: 'status', status }),
          setTimeout: later,
          clearTimeout: cancel,
        });
        link.start(message.url);
      } else port.postMessage({ type: 'status', status: link.status });
    } else if (message.type === 'token') {
      const pending = waiting;
      waiting = null;
      if (pending) {
        cancel(pending.timer);
        pending.resolve(message.url);
      }
    } else if (message.type === 'close') {
      closeLink();
    } else if (message.type === 'detach') {
      ports.delete(port);
      if (ports.size === 0) closeLink();
    }
  };

  return {
    connect(port: TPortLike) {
      ports.add(port);
      port.onmessage = (event) => handle(port, event.data);
      port.start?.();
    },
    get portCount() {
      return ports.size;
    },
    get link() {
      return link;
    },
  };
};
