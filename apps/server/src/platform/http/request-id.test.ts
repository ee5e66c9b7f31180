/** The request id: a client's `x-request-id` is kept only when it has a safe shape; otherwise the server makes one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const idFor = async (sent: string) =>
  String(
    (await t.app.inject({ url: '/healthz', headers: { 'x-request-id': sent } })).headers['x-request-id'],
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('x-request-id', () => {
  it('keeps a safe id the client (or the proxy before us) sent', async () => {
    for (const safe of ['abc-123', 'trace.span:42_x', 'a'.repeat(64), '01HZX3Y5K7:edge-2'])
      expect(await idFor(safe), safe).toBe(safe);
  });

  it('replaces an unsafe one with an id of its own', async () => {
    for (const unsafe of [
      'has spaces in it',
      'line\\nbreak" injected="1',
      '<script>alert(1)</script>',
      'a'.repeat(65),
      'x'.repeat(300),
      '',
    ]) {
      const id = await idFor(unsafe);
      expect(id, unsafe).not.toBe(unsafe);
      expect(id, unsafe).toMatch(UUID);
    }
  });

  it('makes one when none is sent, a new one each time', async () => {
    const [a, b] = [await t.app.inject('/healthz'), await t.app.inject('/healthz')];
    expect(String(a.headers['x-request-id'])).toMatch(UUID);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
