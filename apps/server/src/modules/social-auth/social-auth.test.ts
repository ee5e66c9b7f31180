/**
 * Social sign-in end to end against the built-in sandbox OpenID Connect provider: /oauth/init, the sandbox's
 * authorize page, the callback through openid-client (code + PKCE + state + nonce), and who gets signed in.
 */
import { MARKETING_PAUSE_COOKIE } from '@casino/contracts/marketing-pause';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { freshIp, postFrom } from '../auth/auth-test-helpers.ts';
import { firstTouchOf } from '../events/first-touch.ts';
import { playerContacts } from '../players/schema.ts';
import { findPlayerById, listContacts } from '../players/service.ts';
import { socialIdentities } from './schema.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type TClient = ReturnType<typeof apiClient>;
const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** Opens the popup's first URL; answers the sandbox authorize URL it redirects to. */
const init = async (
  client: TClient,
  query = 'service=sandbox&redirect_url=%2Fen%2Fgames&type_auth=registration&terms=1',
) => {
  const response = await client.send({ method: 'GET', url: `/oauth/init?${query}` });
  expect(response.statusCode).toBe(302);
  return new URL(String(response.headers.location));
};

/** The tester's choice on the sandbox page; answers the callback URL the provider sends the browser to. */
const authorize = async (client: TClient, authorizeUrl: URL, choice: Record<string, string>) => {
  const fields = Object.fromEntries(authorizeUrl.searchParams);
  const response = await client.send({
    method: 'POST',
    url: authorizeUrl.pathname,
    ...form({ ...fields, ...choice }),
  });
  expect(response.statusCode).toBe(303);
  return new URL(String(response.headers.location));
};

const callback = (client: TClient, url: URL) =>
  client.send({ method: 'GET', url: `${url.pathname}${url.search}` });

const signInThroughSandbox = async (client: TClient, choice: Record<string, string>) =>
  callback(client, await authorize(client, await init(client), choice));

const account = async (client: TClient) => (await client.get('account.getInfo')).data;

const registerWithEmail = async (email: string, confirmed: boolean) => {
  const client = apiClient(t.app);
  const created = await postFrom(client, freshIp(), 'auth.register', {
    terms: '1',
    email,
    password: 'secret-pass-1',
    currency: 'USD',
    country_code: 'DE',
  });
  expect(created.error).toBeNull();
  if (confirmed)
    await t.app.ctx.db
      .update(playerContacts)
      .set({ isConfirmed: true })
      .where(eq(playerContacts.playerId, created.data.uid));
  return created.data.uid as number;
};

describe('GET /oauth/init', () => {
  it('redirects to the provider with PKCE (S256), state and nonce, and sets the state cookie', async () => {
    const client = apiClient(t.app);
    const url = await init(client);
    expect(url.origin + url.pathname).toBe('http://localhost:3000/sandbox-oidc/authorize');
    const q = url.searchParams;
    expect(q.get('response_type')).toBe('code');
    expect(q.get('client_id')).toBe('casino-sandbox');
    expect(q.get('redirect_uri')).toBe('http://localhost:3000/oauth/callback/sandbox');
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('nonce')).toBeTruthy();
    expect(q.get('scope')).toContain('openid');
    expect(client.jar.get('social_state')).toBe(q.get('state'));
  });

  it('answers a clear error page for an unknown service, a bad type_auth or a foreign redirect_url', async () => {
    for (const query of [
      'service=myspace&redirect_url=%2F&type_auth=registration',
      'service=google&redirect_url=%2F&type_auth=registration',
      'service=sandbox&redirect_url=%2F&type_auth=hack',
      'service=sandbox&redirect_url=https%3A%2F%2Fevil.example%2F&type_auth=registration',
      'service=sandbox&redirect_url=%2F%2Fevil.example&type_auth=registration',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/oauth/init?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toMatch(/data-error="(unavailable|badRequest)"/);
    }
  });

  it('serves the sandbox discovery document and JWKS', async () => {
    const discovery = (await t.app.inject({ url: '/sandbox-oidc/.well-known/openid-configuration' })).json();
    expect(discovery).toMatchObject({
      issuer: 'http://localhost:3000/sandbox-oidc',
      code_challenge_methods_supported: ['S256'],
      jwks_uri: 'http://localhost:3000/sandbox-oidc/jwks',
    });
    const jwks = (await t.app.inject({ url: '/sandbox-oidc/jwks' })).json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
  });
});

describe('the sandbox sign-in', () => {
  it('makes a new account to complete later, signed in, with the verified e-mail confirmed', async () => {
    const client = apiClient(t.app);
    await client.send({ method: 'GET', url: '/hit?landing=%2Fpromotions&utm_source=social-test' });
    const response = await signInThroughSandbox(client, { preset: 'ada' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('social_auth_back_url');
    expect(response.body).toContain('"/en/games"');
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(response.body).toContain(`<script nonce="${nonce}">`);
    const me = await account(client);
    expect(me.uid).toBeGreaterThan(0);
    expect(me.is_registration_completed).toBe(false);
    const player = await findPlayerById(t.app.ctx.db, me.uid);
    expect(player).toMatchObject({ login: 'ada@sandbox.test', passwordHash: null });
    expect(player?.profile).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace' });
    const [contact] = await listContacts(t.app.ctx.db, me.uid);
    expect(contact).toMatchObject({ type: 'email', value: 'ada@sandbox.test', isConfirmed: true });
    // what a form registration gets, the browser's first touch among it
    expect(await firstTouchOf(t.app.ctx.db, me.uid)).toMatchObject({
      landingPath: '/promotions',
      params: { utm_source: 'social-test' },
    });

    // The same provider user next time: the same account.
    const again = apiClient(t.app);
    expect((await signInThroughSandbox(again, { preset: 'ada' })).statusCode).toBe(200);
    expect((await account(again)).uid).toBe(me.uid);
  });

  it('makes no account without the terms accepted while they are active (issue 41); a linked player signs in', async () => {
    const client = apiClient(t.app);
    const noTerms = 'service=sandbox&redirect_url=%2Fen%2Fgames&type_auth=registration';
    const choice = { preset: 'custom', email: 'nora@example.com', name: 'Nora N', email_verified: '1' };
    const refused = await callback(client, await authorize(client, await init(client, noTerms), choice));
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('data-error="termsRequired"');
    expect((await account(client)).uid).toBe(0);
    // With the box ticked the account is made; later sign-ins (the login popup sends no terms) find it.
    expect((await signInThroughSandbox(client, choice)).statusCode).toBe(200);
    const uid = (await account(client)).uid;
    expect(uid).toBeGreaterThan(0);
    const again = apiClient(t.app);
    const login = 'service=sandbox&redirect_url=%2Fen%2Fgames&type_auth=authorization';
    expect((await callback(again, await authorize(again, await init(again, login), choice))).statusCode).toBe(
      200,
    );
    expect((await account(again)).uid).toBe(uid);
  });

  it('links an existing account whose confirmed e-mail the provider says is verified', async () => {
    const uid = await registerWithEmail('linda@example.com', true);
    const client = apiClient(t.app);
    const response = await signInThroughSandbox(client, {
      preset: 'custom',
      email: 'Linda@Example.com',
      name: 'Linda L',
      email_verified: '1',
    });
    expect(response.statusCode).toBe(200);
    expect((await account(client)).uid).toBe(uid);
    const links = await t.app.ctx.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.playerId, uid));
    expect(links).toHaveLength(1);
    expect(links[0]?.service).toBe('sandbox');
  });

  it('refuses a self-excluded player and leaves the browser without marketing until it ends (issue 36)', async () => {
    const uid = await registerWithEmail('selma@example.com', true);
    const now = t.clock.now();
    await t.app.ctx.db.execute(
      sql`insert into rg_exclusions (player_id, type, period, starts_at, ends_at, created_at)
          values (${uid}, 'self_exclusion', '7d', ${now}, ${new Date(now.getTime() + 7 * 86_400_000)}, ${now})`,
    );
    const client = apiClient(t.app);
    const response = await signInThroughSandbox(client, {
      preset: 'custom',
      email: 'selma@example.com',
      name: 'Selma S',
      email_verified: '1',
    });
    expect(response.statusCode).toBe(403);
    expect((await account(client)).uid).toBe(0);
    expect(client.jar.get(MARKETING_PAUSE_COOKIE)).toBe(
      String(Math.floor(now.getTime() / 1000) + 7 * 86_400),
    );
    expect((await client.get('campaigns.getoffers', { offset: 0 })).data.count).toBe(0);
  });

  it('never links by an unverified e-mail: a separate account without that e-mail', async () => {
    const uid = await registerWithEmail('uma@example.com', true);
    const client = apiClient(t.app);
    const response = await signInThroughSandbox(client, {
      preset: 'custom',
      email: 'uma@example.com',
      name: 'Uma',
    });
    expect(response.statusCode).toBe(200);
    const me = await account(client);
    expect(me.uid).toBeGreaterThan(0);
    expect(me.uid).not.toBe(uid);
    expect(await listContacts(t.app.ctx.db, me.uid)).toEqual([]);
    expect((await findPlayerById(t.app.ctx.db, me.uid))?.login).toMatch(/^sandbox_[0-9a-f]{10}$/);
  });

  it('refuses to link an account whose own e-mail was never confirmed (pre-registration takeover)', async () => {
    const uid = await registerWithEmail('pat@example.com', false);
    const client = apiClient(t.app);
    const response = await signInThroughSandbox(client, {
      preset: 'custom',
      email: 'pat@example.com',
      email_verified: '1',
    });
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain('data-error="emailUnconfirmed"');
    expect(client.jar.get('sid')).toBeUndefined();
    const links = await t.app.ctx.db
      .select()
      .from(socialIdentities)
      .where(eq(socialIdentities.playerId, uid));
    expect(links).toEqual([]);
  });

  it('refuses a callback whose state is not the one this browser started, and a replayed one', async () => {
    const client = apiClient(t.app);
    const back = await authorize(client, await init(client), { preset: 'ada' });
    const forged = new URL(back);
    forged.searchParams.set('state', 'x'.repeat(43));
    const bad = await callback(client, forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('data-error="expired"');

    // Another browser (no state cookie) cannot use the code either.
    const other = apiClient(t.app);
    expect((await callback(other, back)).body).toContain('data-error="expired"');
    expect(other.jar.get('sid')).toBeUndefined();

    const replay = apiClient(t.app);
    const first = await authorize(replay, await init(replay), { preset: 'ada' });
    const state = replay.jar.get('social_state') ?? '';
    expect((await callback(replay, first)).statusCode).toBe(200);
    replay.jar.set('social_state', state);
    expect((await callback(replay, first)).body).toContain('data-error="expired"');
  });

  it('refuses the code when the PKCE verifier does not match the challenge', async () => {
    const client = apiClient(t.app);
    const back = await authorize(client, await init(client), { preset: 'ada' });
    await t.app.ctx.db.execute(sql`update social_auth_requests set code_verifier = ${'v'.repeat(43)}`);
    const response = await callback(client, back);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('data-error="failed"');
    expect(client.jar.get('sid')).toBeUndefined();
  });

  it('shows a cancelled sign-in as such', async () => {
    const client = apiClient(t.app);
    const back = await authorize(client, await init(client), { preset: 'deny' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect((await callback(client, back)).body).toContain('data-error="cancelled"');
  });
});

describe('the sandbox token endpoint', () => {
  it('answers invalid_grant to a wrong verifier and invalid_client to a wrong secret', async () => {
    const client = apiClient(t.app);
    const back = await authorize(client, await init(client), { preset: 'ada' });
    const code = back.searchParams.get('code') ?? '';
    const { sandboxClientSecret } = await import('../sandbox-oidc/client.ts');
    const basic = (secret: string) => `Basic ${Buffer.from(`casino-sandbox:${secret}`).toString('base64')}`;
    const token = (secret: string, verifier: string) =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox-oidc/token',
        headers: { authorization: basic(secret), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: 'http://localhost:3000/oauth/callback/sandbox',
          code_verifier: verifier,
        }).toString(),
      });
    expect((await token('wrong', 'w'.repeat(43))).statusCode).toBe(401);
    const wrong = await token(sandboxClientSecret(t.app.ctx.config), 'w'.repeat(43));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
  });
});
