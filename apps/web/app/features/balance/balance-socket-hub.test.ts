import { describe, expect, it, vi } from 'vitest';
import {
  createBalanceSocketHub,
  type TFromWorker,
  type TPortLike,
  type TToWorker,
} from './balance-socket-hub';
import type { TSocketLike } from './socket-link';

const port = () => {
  const received: TFromWorker[] = [];
  const p: TPortLike & { received: TFromWorker[]; send(m: TToWorker): void } = {
    received,
    onmessage: null,
    postMessage: (m) => received.push(m),
    send(m) {
      this.onmessage?.({ data: m });
    },
  };
  return p;
};

const fakeSocket = (url: string) => {
  const s = {
    url,
    readyState: 0,
    closed: false,
    send: vi.fn(),
    close() {
      s.closed = true;
    },
    onopen: null,
    onclose: null,
    onmessage: null,
    onerror: null,
  } as TSocketLike & { url: string; closed: boolean };
  return s;
};

describe('the balance socket hub', () => {
  it('shares one socket between tabs and fans its events out to every tab', () => {
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const hub = createBalanceSocketHub({
      openSocket: (url) => {
        const s = fakeSocket(url);
        sockets.push(s);
        return s;
      },
    });
    const a = port();
    const b = port();
    hub.connect(a);
    hub.connect(b);
    a.send({ type: 'start', url: 'ws://x/ws?token=1' });
    b.send({ type: 'start', url: 'ws://x/ws?token=2' });
    expect(sockets).toHaveLength(1);
    sockets[0]?.onmessage?.({ data: JSON.stringify({ event: 'account.balance_updated', data: { uid: 7 } }) });
    for (const p of [a, b])
      expect(p.received).toContainEqual({
        type: 'event',
        event: 'account.balance_updated',
        data: { uid: 7 },
      });
  });

  it('asks the tabs for a fresh token to reconnect and closes when the last tab leaves', async () => {
    vi.useFakeTimers();
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const hub = createBalanceSocketHub({
      openSocket: (url) => {
        const s = fakeSocket(url);
        sockets.push(s);
        return s;
      },
    });
    const a = port();
    const b = port();
    hub.connect(a);
    hub.connect(b);
    a.send({ type: 'start', url: 'ws://x/ws?token=1' });
    sockets[0]?.onclose?.({ code: 1006 });
    await vi.advanceTimersByTimeAsync(1300);
    expect(a.received).toContainEqual({ type: 'token-needed' });
    b.send({ type: 'token', url: 'ws://x/ws?token=fresh' });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets[1]?.url).toBe('ws://x/ws?token=fresh');
    a.send({ type: 'detach' });
    expect(sockets[1]?.closed).toBe(false);
    b.send({ type: 'detach' });
    expect(sockets[1]?.closed).toBe(true);
    expect(hub.portCount).toBe(0);
    vi.useRealTimers();
  });

  it('closes the socket for everyone on close (logout)', () => {
    const sockets: ReturnType<typeof fakeSocket>[] = [];
    const hub = createBalanceSocketHub({
      openSocket: (url) => {
        const s = fakeSocket(url);
        sockets.push(s);
        return s;
      },
    });
    const a = port();
    hub.connect(a);
    a.send({ type: 'start', url: 'ws://x/ws?token=1' });
    a.send({ type: 'close' });
    expect(sockets[0]?.closed).toBe(true);
    expect(hub.link).toBeNull();
  });
});
