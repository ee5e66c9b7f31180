import { defineCall, zInt, zRule, zText } from '@casino/contracts';
import { email } from '@casino/contracts/validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updatePlayer } from '../modules/players/service.ts';
import { signedInClient } from '../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../test/test-app.ts';

const ZEcho = defineCall({
  name: 'protocolTest.Echo',
  method: 'POST',
  access: 'any',
  summary: 'echo for protocol tests',
  params: z.object({ email: zRule(email), count: zInt({ min: 1, max: 5 }), note: zText() }),
  data: z.object({ email: z.string(), count: z.number(), note: z.string(), hasFile: z.boolean() }),
});
const ZWhoAmI = defineCall({
  name: 'protocolTest.whoami',
  method: 'GET',
  access: 'user',
  summary: 'signed-in only',
  params: z.object({}),
  data: z.object({ uid: z.number() }),
});
const ZBoom = defineCall({
  name: 'protocolTest.boom',
  method: 'GET',
  access: 'any',
  summary: 'fails inside',
  params: z.object({}),
  data: z.null(),
});
const ZLimited = defineCall({
  name: 'protocolTest.limited',
  method: 'GET',
  access: 'any',
  summary: 'rate limited',
  params: z.object({}),
  data: z.literal(1),
});

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  const api = t.app.ctx.api;
  api.handle(ZEcho, (p, request) => ({ ...p, hasFile: 'file' in ((request.body as object) ?? {}) }));
  api.handle(ZWhoAmI, (_p, request) => ({ uid: request.player?.id ?? 0 }));
  api.handle(ZBoom, () => {
    throw new Error('relation "secret_table" does not exist at SELECT * FROM secret_table');
  });
  api.handle(ZLimited, () => 1 as const, { rateLimit: { max: 2, windowSeconds: 60 } });
});
afterAll(() => t.close());

describe('API protocol', () => {
  it('answers MethodNotFoundException (404) for an unknown call, and for a call made with the wrong verb', async () => {
    const c = apiClient(t.app);
    const r = await c.get('nothing.here');
    expect(r.status).toBe(404);
    expect(r.error.type).toBe('MethodNotFoundException');
    expect(r.data).toBeNull();
    expect((await c.get('protocolTest.echo')).error.type).toBe('MethodNotFoundException');
    expect((await t.app.inject('/api/')).json().error.type).toBe('MethodNotFoundException');
  });

  it('matches namespace and method case-insensitively and reads urlencoded bodies', async () => {
    const r = await apiClient(t.app).post('PROTOCOLTEST.echo', { email: 'a@b.com', count: '3' });
    expect(r).toMatchObject({
      status: 200,
      error: null,
      data: { email: 'a@b.com', count: 3, note: '', hasFile: false },
    });
  });

  it('reads multipart bodies with files', async () => {
    const boundary = '----casino';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.com`,
      `--${boundary}\r\nContent-Disposition: form-data; name="count"\r\n\r\n2`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello`,
      `--${boundary}--\r\n`,
    ].join('\r\n');
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/protocolTest.echo?v=1&locale=en',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(r.json()).toEqual({ data: { email: 'a@b.com', count: 2, note: '', hasFile: true }, error: null });
  });

  it('answers InvalidParameterException with §5 field codes for bad params', async () => {
    const r = await apiClient(t.app).post('protocolTest.echo', { email: 'not-an-email', count: '9' });
    expect(r.status).toBe(400);
    expect(r.error).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { email: 'wrongEmailAddress', count: 'wrongField' } },
    });
    const missing = await apiClient(t.app).post('protocolTest.echo', {});
    expect(missing.error.error_data.invalid_parameters).toEqual({
      email: 'insertEmailAddress',
      count: 'requiredField',
    });
  });

  it('answers a malformed body in the envelope, never a crash', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/protocolTest.echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.type).toBe('InvalidRequestException');
    const weird = await t.app.inject({
      method: 'POST',
      url: '/api/protocolTest.echo',
      headers: { 'content-type': 'application/x-something' },
      payload: 'x',
    });
    expect(weird.statusCode).toBeGreaterThanOrEqual(400);
    expect(weird.statusCode).toBeLessThan(500);
    expect(weird.json().data).toBeNull();
  });

  it('hides internal errors: no stack, no SQL', async () => {
    const r = await t.app.inject('/api/protocolTest.boom');
    expect(r.statusCode).toBe(500);
    expect(r.json()).toEqual({ data: null, error: { type: 'InternalServerErrorException', error_data: {} } });
    expect(r.body).not.toMatch(/secret_table|SELECT|at /);
  });

  it('refuses a visitor on a signed-in call with AuthorizationException (401)', async () => {
    const r = await apiClient(t.app).get('protocolTest.whoami');
    expect(r.status).toBe(401);
    expect(r.error.type).toBe('AuthorizationException');
    const { client, player } = await signedInClient(t.app);
    expect((await client.get('protocolTest.whoami')).data).toEqual({ uid: player.id });
  });

  it('answers UserBannedException (403) and UserDeletedException for such a player’s session', async () => {
    const { client, player } = await signedInClient(t.app);
    await updatePlayer(t.app.ctx.db, player.id, { status: 'banned' });
    const banned = await client.get('protocolTest.whoami');
    expect(banned.status).toBe(403);
    expect(banned.error.type).toBe('UserBannedException');
    await updatePlayer(t.app.ctx.db, player.id, { status: 'deleted' });
    expect((await client.get('protocolTest.whoami')).error.type).toBe('UserDeletedException');
  });

  it('refuses a cookie-authenticated POST from another site (CSRF), allows our own origin', async () => {
    const { client } = await signedInClient(t.app);
    const form = { email: 'a@b.com', count: '1' };
    const evil = await client.post('protocolTest.echo', form, { origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.error.type).toBe('AccessDeniedException');
    const ours = await client.post('protocolTest.echo', form, { origin: 'http://localhost:3000' });
    expect(ours.status).toBe(200);
  });

  it('rate-limits with TooManyRequestsException (429) and a retry-after', async () => {
    const c = apiClient(t.app);
    expect((await c.get('protocolTest.limited')).data).toBe(1);
    expect((await c.get('protocolTest.limited')).data).toBe(1);
    const third = await t.app.inject('/api/protocolTest.limited');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.type).toBe('TooManyRequestsException');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('sends security headers and a request id', async () => {
    const r = await t.app.inject('/healthz');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(r.headers['x-request-id']).toBeTruthy();
    expect(r.headers['referrer-policy']).toBeTruthy();
  });

  it('serves health, readiness and the OpenAPI document', async () => {
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(true);
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.0.3');
    expect((await t.app.inject('/api/docs')).statusCode).toBeLessThan(400);
  });
});

describe('dev mailbox', () => {
  it('is on in tests (outside production)', async () => {
    expect((await t.app.inject('/dev/mailbox')).statusCode).toBe(200);
  });
});
