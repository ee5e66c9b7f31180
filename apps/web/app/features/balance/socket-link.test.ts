import { describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  createSocketLink,
  MAX_BACKOFF_MS,
  parseFrame,
  socketUrl,
  type TSocketLike,
} from './socket-link';

class FakeSocket implements TSocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: TSocketLike['onopen'] = null;
  onclose: TSocketLike['onclose'] = null;
  onmessage: TSocketLike['onmessage'] = null;
  onerror: TSocketLike['onerror'] = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  serverOpens() {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  serverDrops(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const setup = (urls: Array<string | null>) => {
  vi.useFakeTimers();
  const sockets: FakeSocket[] = [];
  const events: Array<[string, unknown]> = [];
  const requestUrl = vi.fn(async () => urls.shift() ?? null);
  const link = createSocketLink({
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    requestUrl,
    onEvent: (event, data) => events.push([event, data]),
    random: () => 0.5,
    pingMs: 1000,
  });
  return { link, sockets, events, requestUrl };
};

describe('socket link', () => {
  it('passes events on and ignores pongs and junk', () => {
    const { link, sockets, events } = setup([]);
    link.start('ws://x/ws?token=a');
    sockets[0]?.serverOpens();
    sockets[0]?.serverSends({ event: 'account.balance_updated', data: { uid: 1 } });
    sockets[0]?.serverSends('pong');
    sockets[0]?.serverSends('{not json');
    expect(events).toEqual([['account.balance_updated', { uid: 1 }]]);
    expect(link.status).toBe('open');
    vi.advanceTimersByTime(1000);
    expect(sockets[0]?.sent).toEqual(['ping']);
    vi.useRealTimers();
  });

  it('reconnects after a drop with back-off and a fresh token for each attempt', async () => {
    const { link, sockets, requestUrl } = setup(['ws://x/ws?token=b', 'ws://x/ws?token=c']);
    link.start('ws://x/ws?token=a');
    sockets[0]?.serverOpens();
    sockets[0]?.serverDrops();
    expect(link.status).toBe('waiting');
    await vi.advanceTimersByTimeAsync(999);
    expect(requestUrl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets[1]?.url).toBe('ws://x/ws?token=b');
    sockets[1]?.serverDrops(4401);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sockets[2]?.url).toBe('ws://x/ws?token=c');
    expect(requestUrl).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('stops when the player is signed out (no token) and after close()', async () => {
    const { link, sockets } = setup([null]);
    link.start('ws://x/ws?token=a');
    sockets[0]?.serverDrops();
    await vi.advanceTimersByTimeAsync(1000);
    expect(link.isClosed).toBe(true);
    expect(sockets).toHaveLength(1);

    const second = setup([]);
    second.link.start('ws://x/ws?token=a');
    second.sockets[0]?.serverOpens();
    second.link.close();
    expect(second.sockets[0]?.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(second.sockets).toHaveLength(1);
    expect(second.requestUrl).not.toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('grows the back-off exponentially up to the cap', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, mid))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(20, mid)).toBe(MAX_BACKOFF_MS);
    expect(backoffDelay(0, () => 0)).toBe(750);
    expect(backoffDelay(0, () => 1)).toBe(1250);
  });

  it('builds the socket URL from the page origin and reads frames', () => {
    expect(socketUrl('https://casino.test', 'a b')).toBe('wss://casino.test/ws?token=a+b');
    expect(socketUrl('http://127.0.0.1:3000', 't')).toBe('ws://127.0.0.1:3000/ws?token=t');
    expect(parseFrame('{"event":"e","data":1}')).toEqual({ event: 'e', data: 1 });
    expect(parseFrame('{"data":1}')).toBeNull();
  });
});
