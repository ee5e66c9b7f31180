/** auth.login and auth.logout: credentials, account states, session rotation, rate limit, malformed bodies. */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../platform/session.ts';
import { makePlayer, signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { updatePlayer } from '../players/service.ts';
import { freshIp, postFrom } from './auth-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (form: Record<string, string>, client = apiClient(t.app)) =>
  postFrom(client, freshIp(), 'auth.login', form);

describe('auth.login', () => {
  it('signs in by login, e-mail or phone (a leading + removed) and answers the account', async () => {
    const { player } = await makePlayer(t.app, {
      login: 'lucky_star',
      email: 'lucky@example.com',
      phone: '447700900456',
      password: 'right-pass1',
    });
    const expected = { uid: player.id, login: 'lucky_star', is_registration_completed: true };
    for (const id of ['lucky_star', 'LUCKY_STAR', 'lucky@example.com', '447700900456', '+447700900456']) {
      const client = apiClient(t.app);
      const r = await login({ login: id, password: 'right-pass1' }, client);
      expect(r).toMatchObject({ status: 200, data: expected, error: null });
      expect(client.jar.get('sid')).toBeTruthy();
    }
  });

  it('gives one and the same refusal for an unknown login and for a wrong password', async () => {
    const { email } = await makePlayer(t.app, { password: 'right-pass1' });
    const unknown = await login({ login: 'nobody-here@example.com', password: 'right-pass1' });
    const wrong = await login({ login: email, password: 'wrong-pass1' });
    expect(unknown).toEqual(wrong);
    expect(wrong).toEqual({
      status: 401,
      data: null,
      error: { type: 'AuthorizationException', error_data: { message: 'wrong_credentials' } },
    });
    // A Telegram-only account has no password: nothing signs in with one.
    await makePlayer(t.app, { login: 'tg_only', passwordHash: null });
    expect(await login({ login: 'tg_only', password: '' })).toMatchObject({ status: 400 });
    expect((await login({ login: 'tg_only', password: 'anything1' })).error.error_data).toEqual({
      message: 'wrong_credentials',
    });
  });

  it('refuses a banned account with UserBannedException and a deleted one with UserDeletedException', async () => {
    const banned = await makePlayer(t.app, { password: 'right-pass1' });
    await updatePlayer(t.app.ctx.db, banned.player.id, { status: 'banned' });
    const deleted = await makePlayer(t.app, { password: 'right-pass1' });
    await updatePlayer(t.app.ctx.db, deleted.player.id, { status: 'deleted' });
    expect(await login({ login: banned.email, password: 'right-pass1' })).toMatchObject({
      status: 403,
      error: { type: 'UserBannedException' },
    });
    expect(await login({ login: deleted.email, password: 'right-pass1' })).toMatchObject({
      status: 403,
      error: { type: 'UserDeletedException' },
    });
    // With a wrong password the account's state is not revealed.
    expect((await login({ login: banned.email, password: 'wrong-pass1' })).error.type).toBe(
      'AuthorizationException',
    );
  });

  it('rotates the session: the cookie held before login no longer works and its session is deleted', async () => {
    const { client, player } = await signedInClient(t.app, { password: 'right-pass1' });
    const before = client.jar.get('sid') ?? '';
    const hash = (token: string) => createHash('sha256').update(token).digest('hex');
    expect(
      await t.app.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hash(before))),
    ).toHaveLength(1);
    const r = await login({ login: player.login, password: 'right-pass1' }, client);
    expect(r.error).toBeNull();
    const after = client.jar.get('sid') ?? '';
    expect(after).not.toBe(before);
    expect(
      await t.app.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hash(before))),
    ).toHaveLength(0);
    expect(
      await t.app.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hash(after))),
    ).toHaveLength(1);
  });

  it('answers InvalidParameterException for missing or malformed fields', async () => {
    expect((await login({})).error).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { login: 'requiredField', password: 'insertPassword' } },
    });
    expect((await login({ login: 'someone', password: 'x', code: '12ab' })).error.error_data).toEqual({
      invalid_parameters: { code: 'wrongCode' },
    });
    expect((await login({ login: 'a'.repeat(300), password: 'x' })).error.error_data).toEqual({
      invalid_parameters: { login: 'maxLength' },
    });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth.login?v=1&locale=en',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ login: ['a', 'b'], password: 42 }),
      remoteAddress: freshIp(),
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.type).toBe('InvalidParameterException');
  });

  it('limits attempts per address and login: the 11th in 10 minutes is TooManyRequestsException', async () => {
    const { email } = await makePlayer(t.app, { password: 'right-pass1' });
    const ip = freshIp();
    for (let i = 0; i < 10; i++)
      expect(
        (await postFrom(apiClient(t.app), ip, 'auth.login', { login: email, password: `guess-${i}xx` }))
          .status,
      ).toBe(401);
    const limited = await postFrom(apiClient(t.app), ip, 'auth.login', {
      login: email,
      password: 'right-pass1',
    });
    expect(limited).toMatchObject({ status: 429, error: { type: 'TooManyRequestsException' } });
    // The leading + and letter case do not make a new counter.
    const upper = await postFrom(apiClient(t.app), ip, 'auth.login', {
      login: `+${email.toUpperCase()}`,
      password: 'x',
    });
    expect(upper.status).toBe(429);
    // Another login from the same address is counted apart.
    expect(
      (await postFrom(apiClient(t.app), ip, 'auth.login', { login: 'someone-else', password: 'x1' })).status,
    ).toBe(401);
  });
});

describe('auth.login rate limit on the normalised login', () => {
  it('gives every spacing, case, plus-sign or emoji variant of one e-mail one shared budget', async () => {
    const { email } = await makePlayer(t.app, { password: 'right-pass1' });
    const ip = freshIp();
    const variants = [
      email,
      ` ${email}`,
      `${email}  `,
      email.toUpperCase(),
      `+${email}`,
      `\t${email}\n`,
      `${email}\u{1F600}`,
      `\u{1F3B0}${email.toUpperCase()}`,
      ` + ${email}`,
      `${email.slice(0, 3)}\u{1F525}${email.slice(3)}`,
    ];
    for (const login of variants)
      expect(
        (await postFrom(apiClient(t.app), ip, 'auth.login', { login, password: 'guess-wrong1' })).status,
        login,
      ).toBe(401);
    // The plain login is locked, and so is the right password sent through any variant.
    for (const login of [email, ` ${email.toUpperCase()} `, `${email}\u{1F600}`, `+${email}`])
      expect(
        await postFrom(apiClient(t.app), ip, 'auth.login', { login, password: 'right-pass1' }),
        login,
      ).toMatchObject({ status: 429, error: { type: 'TooManyRequestsException' } });
  });

  it('counts password reset requests on the normalised login too', async () => {
    const { email } = await makePlayer(t.app, { password: 'right-pass1' });
    const ip = freshIp();
    for (const login of [email, ` ${email}`, email.toUpperCase(), `${email}\u{1F600}`, `+${email}`])
      expect((await postFrom(apiClient(t.app), ip, 'auth.restore', { login })).status).toBe(200);
    expect((await postFrom(apiClient(t.app), ip, 'auth.restore', { login: ` ${email} ` })).status).toBe(429);
  });
});

/** What the site's own fetch of logout sends. */
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

describe('auth.logout', () => {
  it('ends the session and clears the cookie; a visitor gets true too', async () => {
    const { client, player } = await signedInClient(t.app);
    const r = await client.send({
      method: 'GET',
      url: '/api/auth.logout?v=1&locale=en',
      headers: SAME_ORIGIN,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ data: true, error: null });
    expect(String(r.headers['set-cookie'])).toMatch(/sid=;/);
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.playerId, player.id))).toHaveLength(
      0,
    );
    expect(await apiClient(t.app).get('auth.logout')).toEqual({ status: 200, data: true, error: null });
    // POST is not the method of logout.
    expect((await apiClient(t.app).post('auth.logout')).error.type).toBe('MethodNotFoundException');
  });

  it('lets a banned player log out', async () => {
    const { client, player } = await signedInClient(t.app);
    await updatePlayer(t.app.ctx.db, player.id, { status: 'banned' });
    expect(await client.get('auth.logout', {}, SAME_ORIGIN)).toEqual({
      status: 200,
      data: true,
      error: null,
    });
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.playerId, player.id))).toHaveLength(
      0,
    );
  });

  it('ends the session only for a request from our own pages (Sec-Fetch-Site, else Origin, else Referer)', async () => {
    const ours = 'http://localhost:3000';
    const sameOrigin: Record<string, string>[] = [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: ours },
      { referer: `${ours}/en/profile` },
    ];
    for (const headers of sameOrigin) {
      const { client, player } = await signedInClient(t.app);
      expect(await client.get('auth.logout', {}, headers), JSON.stringify(headers)).toMatchObject({
        data: true,
      });
      expect(client.jar.has('sid')).toBe(false);
      expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.playerId, player.id))).toHaveLength(
        0,
      );
    }
  });

  it('does not sign the player out for a link, image or script on another site', async () => {
    const crossSite: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'same-site', referer: 'https://other.localhost:3000/' },
      // A Sec-Fetch-Site header decides, whatever the Referer says.
      { 'sec-fetch-site': 'cross-site', referer: 'http://localhost:3000/en' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'https://evil.example/a-page-with-a-link' },
      { referer: 'http://localhost:3000.evil.example/' },
      { referer: 'not a url' },
      // A browser that says nothing of where the request comes from (no-referrer, no fetch metadata).
      {},
    ];
    for (const headers of crossSite) {
      const { client, player } = await signedInClient(t.app);
      const r = await client.get('auth.logout', {}, headers);
      expect(r, JSON.stringify(headers)).toEqual({ status: 200, data: true, error: null });
      expect(client.jar.has('sid'), JSON.stringify(headers)).toBe(true);
      expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.playerId, player.id))).toHaveLength(
        1,
      );
      expect((await client.get('account.getInfo')).data?.uid).toBe(player.id);
    }
  });
});
