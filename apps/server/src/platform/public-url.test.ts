/** Links the server makes without PUBLIC_URL follow the address the request reached us on; production needs it. */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshIp } from '../modules/auth/auth-test-helpers.ts';
import { makePlayer, signedInClient } from '../test/factories.ts';
import { productionEnv } from '../test/production-env.ts';
import { createTestApp, type TTestApp } from '../test/test-app.ts';
import { loadConfig } from './config.ts';
import { outboxMessages } from './messaging.ts';

const restoreFrom = (t: TTestApp, email: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth.restore?v=1&locale=en',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': freshIp(),
      ...headers,
    },
    payload: new URLSearchParams({ login: email }).toString(),
  });

const lastMailTo = async (t: TTestApp, email: string) => {
  const [mail] = await t.app.ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, email))
    .orderBy(desc(outboxMessages.id));
  return mail?.bodyText ?? '';
};

describe('without PUBLIC_URL', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: '' } });
  });
  afterAll(() => t.close());

  it('mail links point to the Host the request came in on', async () => {
    const { email } = await makePlayer(t.app);
    expect((await restoreFrom(t, email, { host: 'localhost:4302' })).statusCode).toBe(200);
    expect(await lastMailTo(t, email)).toContain('http://localhost:4302/password-reset?token=');
  });

  it('the payment hand-off points there too', async () => {
    const { client } = await signedInClient(t.app);
    const deposit = await client.send({
      method: 'POST',
      url: '/api/cashier.makedeposit?v=1&locale=en',
      headers: { 'content-type': 'application/x-www-form-urlencoded', host: '127.0.0.1:5123' },
      payload: new URLSearchParams({ method: 'card', amount: '25' }).toString(),
    });
    expect(deposit.json().data.redirect_url).toMatch(/^http:\/\/127\.0\.0\.1:5123\/sandbox-pay\//);
  });

  it('forwarded headers are believed only behind a trusted proxy', async () => {
    const { email } = await makePlayer(t.app);
    const forwarded = {
      host: 'internal:3000',
      'x-forwarded-host': 'play.example',
      'x-forwarded-proto': 'https',
    };
    await restoreFrom(t, email, forwarded);
    expect(await lastMailTo(t, email)).toContain('http://internal:3000/password-reset');

    const proxied = await createTestApp({ env: { PUBLIC_URL: '', TRUST_PROXY: '1' } });
    try {
      const other = await makePlayer(proxied.app);
      await restoreFrom(proxied, other.email, forwarded);
      expect(await lastMailTo(proxied, other.email)).toContain('https://play.example/password-reset');
    } finally {
      await proxied.close();
    }
  });
});

describe('with PUBLIC_URL', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://casino.example' } });
  });
  afterAll(() => t.close());

  it('it wins over the request address', async () => {
    const { email } = await makePlayer(t.app);
    await restoreFrom(t, email, { host: 'localhost:4302' });
    expect(await lastMailTo(t, email)).toContain('https://casino.example/password-reset?token=');
  });
});

describe('production', () => {
  it('refuses to start without PUBLIC_URL, saying what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: 'memory://', PORT: '4302' })).toThrow(
      /set PUBLIC_URL in production.*PUBLIC_URL=http:\/\/localhost:4302/,
    );
    expect(loadConfig(productionEnv({ PUBLIC_URL: 'http://localhost:4302' })).PUBLIC_URL).toBe(
      'http://localhost:4302',
    );
  });
});
