/** The Telegram Mini App initData check: a valid payload, a tampered one, a stale one. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebAppInitData, WEBAPP_MAX_AGE_SECONDS } from './telegram-webapp.ts';

const BOT_TOKEN = '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8';
const NOW = new Date('2026-11-21T12:00:00Z');
const nowSeconds = NOW.getTime() / 1000;

/** Signs as Telegram does (written out independently of telegram-webapp.ts). */
const sign = (fields: Record<string, string>, token = BOT_TOKEN) => {
  const check = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(check).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
};

const user = JSON.stringify({ id: 279058397, first_name: 'Vlad', username: 'vdkfrost', language_code: 'ru' });
const fields = (authDate: number) => ({
  query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
  user,
  auth_date: String(authDate),
});

describe('Telegram WebApp initData', () => {
  it('accepts data signed with the bot token, recent, and reads the user', () => {
    const result = checkWebAppInitData(sign(fields(nowSeconds - 30)), BOT_TOKEN, NOW);
    expect(result.status).toBe('valid');
    expect(result.status === 'valid' && result.user).toMatchObject({ id: 279058397, username: 'vdkfrost' });
  });

  it('refuses tampered data: a changed user, another bot, a dropped field, a duplicated field', () => {
    const good = sign(fields(nowSeconds - 30));
    const otherUser = good.replace(encodeURIComponent('279058397'), encodeURIComponent('279058398'));
    expect(otherUser).not.toBe(good);
    expect(checkWebAppInitData(otherUser, BOT_TOKEN, NOW).status).toBe('invalid');
    expect(checkWebAppInitData(sign(fields(nowSeconds - 30), '1:other-bot'), BOT_TOKEN, NOW).status).toBe(
      'invalid',
    );
    const withoutQuery = new URLSearchParams(good);
    withoutQuery.delete('query_id');
    expect(checkWebAppInitData(withoutQuery.toString(), BOT_TOKEN, NOW).status).toBe('invalid');
    expect(checkWebAppInitData(`${good}&auth_date=1`, BOT_TOKEN, NOW).status).toBe('invalid');
    expect(checkWebAppInitData('user=%7B%7D&auth_date=1&hash=zz', BOT_TOKEN, NOW).status).toBe('invalid');
  });

  it('refuses stale data (older than an hour) and data dated in the future', () => {
    expect(
      checkWebAppInitData(sign(fields(nowSeconds - WEBAPP_MAX_AGE_SECONDS)), BOT_TOKEN, NOW).status,
    ).toBe('valid');
    expect(
      checkWebAppInitData(sign(fields(nowSeconds - WEBAPP_MAX_AGE_SECONDS - 1)), BOT_TOKEN, NOW).status,
    ).toBe('expired');
    expect(checkWebAppInitData(sign(fields(nowSeconds + 3600)), BOT_TOKEN, NOW).status).toBe('invalid');
  });
});
