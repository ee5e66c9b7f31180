/** Telegram sign-up and sign-in through auth.register (is_tg=1). */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { firstTouchOf } from '../events/first-touch.ts';
import { findPlayerById, updatePlayer } from '../players/service.ts';
import { freshIp, postFrom } from './auth-test-helpers.ts';

const BOT_TOKEN = '7777777:telegram-test-token';
let t: TTestApp;
let plain: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: BOT_TOKEN } });
  plain = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await plain.close();
});

/** The widget's fields signed as Telegram does (written out independently of telegram.ts). */
const signed = (fields: Record<string, string>, token = BOT_TOKEN) => {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const hash = createHmac('sha256', createHash('sha256').update(token).digest()).update(check).digest('hex');
  return { ...fields, hash };
};
const nowSeconds = () => Math.floor(t.app.ctx.providers.clock.now().getTime() / 1000);
const payload = (id: string, extra: Record<string, string> = {}) => ({
  is_tg: '1',
  terms: '1',
  ...signed({
    id,
    username: `user${id}`,
    first_name: 'Tele',
    auth_date: String(nowSeconds() - 30),
    ...extra,
  }),
  language_code: 'es',
  payload: 'ref-42',
});
const tg = (form: Record<string, string>, app = t.app) =>
  postFrom(apiClient(app), freshIp(), 'auth.register', form);

describe('Telegram sign-up and sign-in', () => {
  it('makes no account without the terms accepted while they are active (issue 41)', async () => {
    const form = { ...payload('1003'), terms: '0' };
    const refused = await postFrom(apiClient(t.app), freshIp(), 'auth.register', form);
    expect(refused.status).toBe(400);
    expect(refused.error.error_data.invalid_parameters).toEqual({ terms: 'uncheckedCheckbox' });
    const made = await postFrom(apiClient(t.app), freshIp(), 'auth.register', payload('1003'));
    expect(made.error).toBeNull();
    // The account exists now: a later sign-in from the Mini App (which sends no terms) finds it.
    const again = await postFrom(apiClient(t.app), freshIp(), 'auth.register', {
      ...payload('1003'),
      terms: '0',
    });
    expect(again.data.uid).toBe(made.data.uid);
  });

  it('creates an account to complete later, then signs the same user in', async () => {
    const client = apiClient(t.app);
    const first = await postFrom(client, freshIp(), 'auth.register', payload('1001'));
    expect(first.error).toBeNull();
    expect(first.data).toEqual({
      uid: expect.any(Number),
      login: 'tg1001',
      is_registration_completed: false,
      locale: expect.any(String),
    });
    expect(client.jar.get('sid')).toBeTruthy();
    const player = await findPlayerById(t.app.ctx.db, first.data.uid);
    expect(player).toMatchObject({
      telegramId: '1001',
      locale: 'es',
      passwordHash: null,
      profile: { first_name: 'Tele' },
    });
    const again = await tg(payload('1001'));
    expect(again.data).toEqual(first.data);
  });

  it('refuses a wrong hash, a changed field, another bot token and a missing auth_date', async () => {
    const good = payload('1002');
    expect((await tg({ ...good, hash: '0'.repeat(64) })).error).toEqual({
      type: 'AuthorizationException',
      error_data: { message: 'invalid_telegram_auth' },
    });
    expect((await tg({ ...good, username: 'someone_else' })).error.error_data.message).toBe(
      'invalid_telegram_auth',
    );
    const otherBot = { is_tg: '1', ...signed({ id: '1002', auth_date: String(nowSeconds()) }, '1:other') };
    expect((await tg(otherBot)).error.error_data.message).toBe('invalid_telegram_auth');
    expect((await tg({ is_tg: '1', ...signed({ id: '1002' }) })).error.error_data.message).toBe(
      'invalid_telegram_auth',
    );
    expect((await tg({ is_tg: '1' })).error.error_data.message).toBe('invalid_telegram_auth');
  });

  it('refuses a payload older than a day', async () => {
    const old = payload('1003', { auth_date: String(nowSeconds() - 86_400 - 5) });
    expect((await tg(old)).error).toEqual({
      type: 'AuthorizationException',
      error_data: { message: 'telegram_auth_expired' },
    });
  });

  it('refuses a banned Telegram account', async () => {
    const made = await tg(payload('1004'));
    await updatePlayer(t.app.ctx.db, made.data.uid, { status: 'banned' });
    expect((await tg(payload('1004'))).error.type).toBe('UserBannedException');
  });

  it("gives a new account the visitor's first touch, and a later sign-in changes nothing", async () => {
    const client = apiClient(t.app);
    const hit = await client.send({ method: 'GET', url: '/hit?landing=%2Fbetting&utm_source=tg-channel' });
    expect(hit.statusCode).toBe(200);
    const made = await postFrom(client, freshIp(), 'auth.register', payload('1077'));
    expect(made.error).toBeNull();
    expect(await firstTouchOf(t.app.ctx.db, made.data.uid)).toMatchObject({
      landingPath: '/betting',
      params: { utm_source: 'tg-channel' },
    });
    // the same Telegram user from another browser with its own first touch: a sign-in, not a registration
    const other = apiClient(t.app);
    await other.send({ method: 'GET', url: '/hit?landing=%2Fpromotions&utm_source=elsewhere' });
    const again = await postFrom(other, freshIp(), 'auth.register', payload('1077'));
    expect(again.data.uid).toBe(made.data.uid);
    expect((await firstTouchOf(t.app.ctx.db, made.data.uid))?.params).toEqual({ utm_source: 'tg-channel' });
  });

  it('is refused when no bot token is configured', async () => {
    const r = await tg(payload('1005'), plain.app);
    expect(r.error).toEqual({ type: 'AuthorizationException', error_data: { message: 'telegram_disabled' } });
  });
});

/** Mini App initData signed as Telegram does (the WebAppData-derived key; written out independently). */
const initData = (fields: Record<string, string>, token = BOT_TOKEN) => {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  return new URLSearchParams({
    ...fields,
    hash: createHmac('sha256', secret).update(check).digest('hex'),
  }).toString();
};
const webApp = (id: number, age = 30, extra: Record<string, string> = {}) =>
  initData({
    query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
    user: JSON.stringify({
      id,
      first_name: 'Mini',
      last_name: 'App',
      username: `mini${id}`,
      language_code: 'de',
    }),
    auth_date: String(nowSeconds() - age),
    ...extra,
  });

describe('Telegram Mini App sign-in (initData)', () => {
  it('creates the account from initData, then signs the same user in, also through the widget', async () => {
    const client = apiClient(t.app);
    const first = await postFrom(client, freshIp(), 'auth.register', {
      is_tg: '1',
      terms: '1',
      init_data: webApp(2001),
    });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({
      uid: expect.any(Number),
      login: 'tg2001',
      is_registration_completed: false,
      locale: expect.any(String),
    });
    expect(client.jar.get('sid')).toBeTruthy();
    expect(await findPlayerById(t.app.ctx.db, first.data.uid)).toMatchObject({
      telegramId: '2001',
      locale: 'de',
      profile: { first_name: 'Mini', last_name: 'App' },
    });
    expect((await tg({ is_tg: '1', init_data: webApp(2001) })).data).toEqual(first.data);
    expect((await tg(payload('2001'))).data).toEqual(first.data);
  });

  it('refuses tampered, foreign and stale initData, and a NUL in it with a field error', async () => {
    const good = webApp(2002);
    const tampered = good.replace('2002', '2003');
    expect((await tg({ is_tg: '1', init_data: tampered })).error).toEqual({
      type: 'AuthorizationException',
      error_data: { message: 'invalid_telegram_auth' },
    });
    const foreign = initData(
      { user: JSON.stringify({ id: 2002 }), auth_date: String(nowSeconds()) },
      '1:other',
    );
    expect((await tg({ is_tg: '1', init_data: foreign })).error.error_data.message).toBe(
      'invalid_telegram_auth',
    );
    expect((await tg({ is_tg: '1', init_data: webApp(2002, 3600 + 5) })).error.error_data.message).toBe(
      'telegram_auth_expired',
    );
    expect((await tg({ is_tg: '1', init_data: 'x'.repeat(10_000) })).error.error_data.message).toBe(
      'invalid_telegram_auth',
    );
    const nul = await tg({ is_tg: '1', init_data: `${good}\u0000` });
    expect(nul.error).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { init_data: 'wrongField' } },
    });
  });
});
