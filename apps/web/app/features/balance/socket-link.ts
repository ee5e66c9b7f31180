/**
 * One live socket to `/ws?token=…` that keeps itself open: back-off between attempts, a fresh token for every
 * attempt (tokens live 60 s), a ping to keep proxies from dropping it, and a `close()` that ends it for good.
 * The same code runs inside the `position-sync` shared worker and, where SharedWorker is missing, in the page.
 */

export interface TSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type TLinkStatus = 'connecting' | 'open' | 'waiting' | 'closed';

export interface TSocketLinkOptions {
  /** Opens a socket to the URL (a WebSocket in the browser; a fake in tests). */
  openSocket: (url: string) => TSocketLike;
  /** A fresh `/ws?token=…` URL (account.getToken); null when the player is no longer signed in. */
  requestUrl: () => Promise<string | null>;
  onEvent: (event: string, data: unknown) => void;
  onStatus?: (status: TLinkStatus) => void;
  setTimeout?: (fn: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  random?: () => number;
  pingMs?: number;
}

const OPEN = 1;
export const MAX_BACKOFF_MS = 30_000;
const BASE_BACKOFF_MS = 1_000;

/** Exponential back-off with jitter: ~1 s, 2 s, 4 s … capped at 30 s. */
export const backoffDelay = (attempt: number, random: () => number = Math.random) => {
  const base = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.75 + random() * 0.5));
};

/** Reads `{ event, data }` frames; anything else (the `pong`) is ignored. */
export const parseFrame = (raw: unknown): { event: string; data: unknown } | null => {
  if (typeof raw !== 'string' || raw === 'pong') return null;
  try {
    const frame = JSON.parse(raw) as { event?: unknown; data?: unknown };
    return typeof frame.event === 'string' ? { event: frame.event, data: frame.data } : null;
  } catch {
    return null;
  }
};

export const createSocketLink = (options: TSocketLinkOptions) => {
  const later = options.setTimeout ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const cancel = options.clearTimeout ?? ((handle: unknown) => clearTimeout(handle as number));
  const pingMs = options.pingMs ?? 25_000;
  let socket: TSocketLike | null = null;
  let attempt = 0;
  let closed = false;
  let retryTimer: unknown = null;
  let pingTimer: unknown = null;
  let status: TLinkStatus = 'closed';

  const setStatus = (next: TLinkStatus) => {
    status = next;
    options.onStatus?.(next);
  };

  const schedulePing = () => {
    pingTimer = later(() => {
      if (socket && socket.readyState === OPEN) socket.send('ping');
      schedulePing();
    }, pingMs);
  };

  const open = (url: string) => {
    if (closed) return;
    setStatus('connecting');
    const current = options.openSocket(url);
    socket = current;
    current.onopen = () => {
      attempt = 0;
      setStatus('open');
      schedulePing();
    };
    current.onmessage = (event) => {
      const frame = parseFrame(event.data);
      if (frame) options.onEvent(frame.event, frame.data);
    };
    current.onerror = () => {};
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      if (pingTimer !== null) cancel(pingTimer);
      pingTimer = null;
      if (!closed) retry();
    };
  };

  const retry = () => {
    setStatus('waiting');
    const delay = backoffDelay(attempt, options.random);
    attempt += 1;
    retryTimer = later(() => {
      retryTimer = null;
      options
        .requestUrl()
        .then((url) => {
          if (closed) return;
          if (url) open(url);
          else stop();
        })
        .catch(() => {
          if (!closed) retry();
        });
    }, delay);
  };

  const stop = () => {
    closed = true;
    if (retryTimer !== null) cancel(retryTimer);
    if (pingTimer !== null) cancel(pingTimer);
    retryTimer = null;
    pingTimer = null;
    const current = socket;
    socket = null;
    current?.close(1000, 'closed');
    setStatus('closed');
  };

  return {
    /** Opens with the first URL (its token was fetched by the caller). */
    start(url: string) {
      if (closed || socket) return;
      open(url);
    },
    close: stop,
    get status() {
      return status;
    },
    get isClosed() {
      return closed;
    },
  };
};

export type TSocketLink = ReturnType<typeof createSocketLink>;

/** `ws(s)://host/ws?token=…` for the page's own origin. */
export const socketUrl = (origin: string, token: string) => {
  const url = new URL('/ws', origin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.searchParams.set('token', token);
  return url.toString();
};
