/**
 * The limits every socket route shares (/ws, /ws/sportsbook, /ws/live): frames of a few KiB, a message rate per
 * connection, and a heartbeat that ends sockets whose client stopped answering (pings every 200 ms here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { type ClientOptions } from 'ws';
import { makeSocketToken } from '../modules/account/socket-token.ts';
import { makePlayer } from '../test/factories.ts';
import { createTestApp, type TTestApp } from '../test/test-app.ts';

const PING_MS = 200;
let t: TTestApp;
let base: string;
let routes: string[];
beforeAll(async () => {
  t = await createTestApp({ env: { WS_PING_INTERVAL_MS: String(PING_MS) } });
  base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
  const { player } = await makePlayer(t.app);
  const token = makeSocketToken(t.app.ctx.config.SESSION_SECRET, player.id, t.clock.now());
  routes = [`/ws?token=${encodeURIComponent(token)}`, '/ws/sportsbook', '/ws/live'];
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An open socket and a promise of its close code (0 if still open after `waitMs`). */
const open = async (route: string, options: ClientOptions = {}) => {
  const socket = new WebSocket(`${base}${route}`, options);
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('error', () => {});
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('unexpected-response', reject);
  });
  const closeCode = (waitMs = 5000) => Promise.race([closed, sleep(waitMs).then(() => 0)]);
  return { socket, closeCode };
};

describe('websocket limits', () => {
  it('closes a socket that sends a frame over the limit with 1009', async () => {
    for (const route of routes) {
      const { socket, closeCode } = await open(route);
      socket.send('x'.repeat(64 * 1024));
      expect(await closeCode(), route).toBe(1009);
    }
  });

  it('closes a socket that floods messages with 1008', async () => {
    for (const route of routes) {
      const { socket, closeCode } = await open(route);
      for (let i = 0; i < 300; i++) socket.send('ping');
      expect(await closeCode(), route).toBe(1008);
    }
  });

  it('keeps a socket that pings at the site’s pace and answers the server’s pings', async () => {
    for (const route of routes) {
      const { socket, closeCode } = await open(route);
      const pongs: string[] = [];
      socket.on('message', (data) => {
        if (String(data) === 'pong') pongs.push('pong');
      });
      for (let i = 0; i < 10; i++) {
        socket.send('ping');
        await sleep(100);
      }
      expect(await closeCode(4 * PING_MS), route).toBe(0);
      expect(pongs.length, route).toBe(10);
      socket.close();
    }
  });

  it('terminates a socket whose client does not answer pings', async () => {
    for (const route of routes) {
      const { socket, closeCode } = await open(route, { autoPong: false });
      let pinged = 0;
      socket.on('ping', () => {
        pinged += 1;
      });
      // Abnormal closure: the server ends the connection without a close frame.
      expect(await closeCode(), route).toBe(1006);
      expect(pinged, route).toBeGreaterThan(0);
    }
  });
});
