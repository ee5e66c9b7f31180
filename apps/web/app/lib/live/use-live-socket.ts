/**
 * The one client hook for the server's live topics (`/ws/live`, spec-free: our socket). A page names what it wants
 * (`sysname` for one table, `topics` prefixes such as `competitions.`), gets every `{ event, data }` pushed, and a
 * `poll` that runs first, again when the socket opens (whatever happened in between) and every `pollMs` while the
 * socket is not open (so the page keeps going without it). Answers whether the socket is live.
 */
import { useEffect, useRef, useState } from 'react';

export interface TLiveMessage {
  event: string;
  data: unknown;
}

export interface TLiveSocketOptions {
  sysname?: string;
  topics?: readonly string[];
  onMessage: (message: TLiveMessage) => void;
  poll?: () => Promise<void> | void;
  pollMs?: number;
  /** False: no socket, no polling (e.g. until the page knows what it shows). */
  enabled?: boolean;
}

export const liveSocketUrl = (query: { sysname?: string; topics?: readonly string[] }) => {
  const params = new URLSearchParams();
  if (query.sysname) params.set('sysname', query.sysname);
  if (query.topics?.length) params.set('topics', query.topics.join(','));
  const search = params.toString();
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/live${search ? `?${search}` : ''}`;
};

export function useLiveSocket(options: TLiveSocketOptions): boolean {
  const [live, setLive] = useState(false);
  // The latest handlers, without reopening the socket when a render makes new closures.
  const handlers = useRef(options);
  handlers.current = options;
  const { sysname, pollMs = 2000, enabled = true } = options;
  const topics = options.topics?.join(',') ?? '';

  useEffect(() => {
    if (!enabled) return;
    let closed = false;
    let socket: WebSocket | null = null;
    const poll = async () => {
      if (closed || !handlers.current.poll) return;
      try {
        await handlers.current.poll();
      } catch {
        /* the next poll tries again */
      }
    };
    void poll();
    const timer = setInterval(() => {
      if (!socket || socket.readyState !== WebSocket.OPEN) void poll();
    }, pollMs);
    try {
      socket = new WebSocket(liveSocketUrl({ sysname, topics: topics ? topics.split(',') : [] }));
      socket.onopen = () => {
        setLive(true);
        void poll();
      };
      socket.onclose = () => setLive(false);
      socket.onmessage = (message) => {
        let parsed: TLiveMessage;
        try {
          parsed = JSON.parse(String(message.data)) as TLiveMessage;
        } catch {
          return; // not ours (e.g. 'pong')
        }
        if (!closed && parsed && typeof parsed.event === 'string') handlers.current.onMessage(parsed);
      };
    } catch {
      setLive(false);
    }
    return () => {
      closed = true;
      clearInterval(timer);
      socket?.close();
    };
  }, [sysname, topics, pollMs, enabled]);

  return live;
}
