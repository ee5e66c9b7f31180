/** Telegram sign-up and sign-in through auth.register (is_tg=1). */
import { createHash, createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
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
  it('creates an account to complete later, then signs the same user in', async () => {
    const client = apiClient(t.app);
    const first = await postFrom(client, freshIp(), 'auth.register', payload('1001'));
    expect(first.error).toBeNull();
    expect(first.data).toEqual({
      uid: expect.any(Number),
      login: 'tg1001',
      is_registration_completed: false,
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

  it('is refused when no bot token is configured', async () => {
    const r = await tg(payload('1005'), plain.app);
    expect(r.error).toEqual({ type: 'AuthorizationException', error_data: { message: 'telegram_disabled' } });
  });
});
