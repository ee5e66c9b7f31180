/**
 * Server timeouts: a request whose head or body trickles in is cut off after HTTP_REQUEST_TIMEOUT_MS (here 1 s),
 * while ordinary requests and open WebSockets are not.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: { HTTP_REQUEST_TIMEOUT_MS: '1000' } });
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Writes `parts` one by one, `gapMs` apart, until the server closes the socket; answers what it read then. */
const trickle = async (parts: string[], gapMs: number) => {
  const socket: Socket = connect(port, '127.0.0.1');
  let read = '';
  let closed = false;
  socket.on('data', (data) => {
    read += data.toString('latin1');
  });
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
  });
  await new Promise((r) => socket.once('connect', r));
  for (const part of parts) {
    if (closed) break;
    socket.write(part);
    await sleep(gapMs);
  }
  socket.destroy();
  return { closed, read };
};

describe('request timeouts', () => {
  it('closes a connection whose body arrives a byte at a time', async () => {
    const head =
      'POST /api/auth.login?v=1 HTTP/1.1\r\nHost: localhost\r\n' +
      'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n';
    // 40 bytes 250 ms apart: 10 s if the server waited for them all.
    const { closed, read } = await trickle([head, ...'x'.repeat(40)], 250);
    expect(closed).toBe(true);
    expect(read).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('closes a connection whose head never ends', async () => {
    const head = 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n';
    const { closed } = await trickle([head, ...Array.from({ length: 40 }, (_, i) => `X-${i}: y\r\n`)], 250);
    expect(closed).toBe(true);
  }, 30_000);

  it('leaves ordinary requests and an open WebSocket alone', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/sportsbook`);
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    await sleep(2500);
    const pong = new Promise((resolve) => socket.once('message', (data) => resolve(String(data))));
    socket.send('ping');
    expect(await pong).toBe('pong');
    socket.close();
  }, 30_000);
});
