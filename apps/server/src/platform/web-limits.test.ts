/**
 * The site served by this process (development build through Vite): its form actions read at most the API's body
 * limit, and what it renders for a signed-in player is never stored by a cache.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../test/test-app.ts';

let t: TTestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: { SERVE_WEB: '1' } });
  port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
}, 120_000);
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Sends the head (and the first bytes of the body) on a raw socket; answers the first response line it reads. */
const firstLine = (head: string, body: Buffer) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve('(no answer)');
    }, 15_000);
    socket.on('data', (data) => {
      text += data.toString('latin1');
      if (text.includes('\r\n')) {
        clearTimeout(timer);
        socket.destroy();
        resolve(text.slice(0, text.indexOf('\r\n')));
      }
    });
    socket.on('error', () => {});
    socket.write(head);
    socket.write(body);
  });

describe('site form actions', () => {
  it('answers a body over the API limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/password-reset?token=x',
      headers: FORM,
      payload: `token=x&password=${'a'.repeat(2 * 1024 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
  }, 60_000);

  it('refuses a declared 100 MB body at once, without waiting for it', async () => {
    const head =
      'POST /password-reset?token=x HTTP/1.1\r\nHost: localhost\r\n' +
      'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 104857600\r\n\r\n';
    expect(await firstLine(head, Buffer.alloc(64 * 1024, 'a'))).toBe('HTTP/1.1 413 Payload Too Large');
  }, 60_000);

  it('stops reading a chunked body once it passes the limit', async () => {
    const head =
      'POST /password-reset?token=x HTTP/1.1\r\nHost: localhost\r\n' +
      'Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n';
    const chunk = 256 * 1024;
    const body = Buffer.concat(
      Array.from({ length: 6 }, () => Buffer.from(`${chunk.toString(16)}\r\n${'a'.repeat(chunk)}\r\n`)),
    );
    expect(await firstLine(head, body)).toBe('HTTP/1.1 413 Payload Too Large');
  }, 60_000);

  it('still takes a form of ordinary size', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/password-reset?token=x',
      headers: FORM,
      payload: 'token=x&password=Secret123&password_confirmation=Secret124',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  }, 60_000);
});

describe('site pages and caches', () => {
  it('marks every page and loader answer for a signed-in player no-store', async () => {
    const { client } = await signedInClient(t.app);
    for (const url of ['/', '/profile', '/_root.data', '/profile.data']) {
      const response = await client.send({ method: 'GET', url });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  }, 60_000);

  it('leaves a visitor’s pages to the default', async () => {
    const response = await apiClient(t.app).send({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).not.toBe('no-store');
  }, 60_000);
});
