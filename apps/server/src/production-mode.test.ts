/**
 * Production is production on either database: started with its own secrets and without DEMO_MODE, none of the
 * demo's parts answer and nothing signed with a development value published in this repository is accepted. With
 * DEMO_MODE=1 the demo's parts are there, still on the secrets of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makeSocketToken } from './modules/account/socket-token.ts';
import { signContentToken } from './modules/content-auth/content-token.ts';
import { signSandboxWebhook } from './modules/payments/sandbox-provider.ts';
import { signFeedBody } from './modules/sportsbook/feed.ts';
import { loadConfig, testConfig } from './platform/config.ts';
import { SECRETS } from './platform/secrets.ts';
import { makePlayer, signedInClient } from './test/factories.ts';
import { productionEnv } from './test/production-env.ts';
import { createTestApp, type TTestApp } from './test/test-app.ts';

const published = (name: string) => SECRETS.find((s) => s.name === name)?.devValue ?? '';
const development = testConfig();

let production: TTestApp;
let demo: TTestApp;
beforeAll(async () => {
  // productionEnv's own DATA_DIR and PUBLIC_URL are the test app's: no DATABASE_URL unless the run has one.
  [production, demo] = await Promise.all([
    createTestApp({ env: productionEnv() }),
    createTestApp({ env: productionEnv({ DEMO_MODE: '1' }) }),
  ]);
}, 120_000);
afterAll(async () => {
  await Promise.all([production?.close(), demo?.close()]);
});

describe('a production start without DEMO_MODE', () => {
  it('has no mailbox, no sandbox OpenID provider and no sandbox sign-in', async () => {
    const { app } = production;
    expect(app.ctx.config.NODE_ENV).toBe('production');
    for (const url of [
      '/dev/mailbox',
      '/dev/mailbox.json?to=someone@example.com',
      '/sandbox-oidc/.well-known/openid-configuration',
      '/sandbox-oidc/authorize?client_id=casino-sandbox',
      '/sandbox-oidc/jwks',
    ])
      expect((await app.inject(url)).statusCode, url).toBe(404);
    const init = await app.inject('/oauth/init?service=sandbox&redirect_url=%2F');
    expect(init.statusCode).not.toBe(302);
    expect(init.headers.location ?? '').not.toContain('sandbox-oidc');
  });

  it('refuses a feed message signed with the published development secret (401)', async () => {
    const body = JSON.stringify({
      message_id: 'forged-1',
      timestamp: 1,
      type: 'fixture',
      event_id: 'forged',
      sport: 'football',
      competitors: [{ id: 'a', name: 'A' }],
      start_time: '2026-12-01T12:00:00Z',
    });
    const forged = await production.app.inject({
      method: 'POST',
      url: '/feed/sportsbook',
      headers: {
        'content-type': 'application/json',
        'x-feed-signature': signFeedBody(published('SPORTSBOOK_FEED_SECRET'), body),
      },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('has no sandbox payment provider: no deposit method, no hosted page, no webhook', async () => {
    const { app } = production;
    const webhookBody = JSON.stringify({ id: 'x', status: 'paid', amount: 100000, currency: 'USD' });
    const webhook = await app.inject({
      method: 'POST',
      url: '/payments/webhook/sandbox',
      headers: {
        'content-type': 'application/json',
        'x-sandbox-signature': signSandboxWebhook(development, webhookBody),
      },
      payload: webhookBody,
    });
    expect(webhook.statusCode).toBe(404);
    expect((await app.inject('/sandbox-pay/anything')).statusCode).toBe(404);
    const { client } = await signedInClient(app);
    const settings = await client.get('cashier.getDepositSettings');
    expect(settings.error).toBeNull();
    expect(settings.data.methods).toEqual([]);
    const deposit = await client.post('cashier.makeDeposit', { method: 'card', amount: '50' });
    expect(deposit.error?.type).not.toBeUndefined();
  });

  it('refuses a socket token and a content-client token made with the published secrets', async () => {
    const { app } = production;
    const { player } = await makePlayer(app);
    const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const token = makeSocketToken(published('SESSION_SECRET'), player.id, app.ctx.providers.clock.now());
    const code = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`);
      socket.on('close', (closeCode) => resolve(closeCode));
      socket.on('error', reject);
    });
    expect(code).toBe(4401);

    const jwt = signContentToken(
      published('CONTENT_JWT_SECRET'),
      { id: 1, ver: 0 },
      app.ctx.providers.clock.now(),
      600,
    );
    const me = await app.inject({ url: '/users/me', headers: { authorization: `Bearer ${jwt}` } });
    expect(me.statusCode).toBe(401);
  });
});

describe('the demo (DEMO_MODE=1)', () => {
  it('has its parts, on secrets of its own', async () => {
    const { app } = demo;
    expect(app.ctx.config.SESSION_SECRET).not.toBe(published('SESSION_SECRET'));
    expect((await app.inject('/dev/mailbox')).statusCode).toBe(200);
    expect((await app.inject('/sandbox-oidc/.well-known/openid-configuration')).statusCode).toBe(200);
    const init = await app.inject('/oauth/init?service=sandbox&redirect_url=%2F');
    expect(init.statusCode).toBe(302);
    const { client } = await signedInClient(app);
    const settings = await client.get('cashier.getDepositSettings');
    expect(settings.data.methods.length).toBeGreaterThan(0);
  });

  it('still refuses to start on the published secrets', () => {
    expect(() =>
      loadConfig(productionEnv({ DEMO_MODE: '1', SESSION_SECRET: published('SESSION_SECRET') })),
    ).toThrow(/SESSION_SECRET/);
  });
});
