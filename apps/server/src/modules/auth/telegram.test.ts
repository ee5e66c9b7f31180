import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkTelegramLogin, telegramDataCheckString } from './telegram.ts';

const BOT_TOKEN = '123456:TEST-bot-token';
const NOW = new Date('2026-11-21T12:00:00Z');
const nowSeconds = Math.floor(NOW.getTime() / 1000);

/** Signs as Telegram documents it, written out here independently of the code under test. */
const sign = (fields: Record<string, string>, token = BOT_TOKEN) => {
  const lines = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('\n');
  return createHmac('sha256', createHash('sha256').update(token).digest()).update(lines).digest('hex');
};

const fields = (overrides: Record<string, string> = {}) => ({
  id: '424242',
  first_name: 'Ada',
  username: 'ada_l',
  auth_date: String(nowSeconds - 60),
  ...overrides,
});

describe('telegram login check', () => {
  it('builds the data-check-string of sorted key=value lines, skipping absent fields', () => {
    expect(telegramDataCheckString({ username: 'u', id: '1', auth_date: '5', last_name: '' })).toBe(
      'auth_date=5\nid=1\nusername=u',
    );
  });

  it('accepts a payload signed with the bot token', () => {
    const f = fields();
    expect(checkTelegramLogin(f, sign(f), BOT_TOKEN, NOW)).toBe('valid');
    expect(checkTelegramLogin(f, sign(f).toUpperCase(), BOT_TOKEN, NOW)).toBe('valid');
  });

  it('refuses a changed field, another bot token and a malformed hash', () => {
    const f = fields();
    const hash = sign(f);
    expect(checkTelegramLogin({ ...f, id: '424243' }, hash, BOT_TOKEN, NOW)).toBe('invalid');
    expect(checkTelegramLogin(f, sign(f, '999:other'), BOT_TOKEN, NOW)).toBe('invalid');
    expect(checkTelegramLogin(f, hash.slice(0, 63), BOT_TOKEN, NOW)).toBe('invalid');
    expect(checkTelegramLogin(f, '', BOT_TOKEN, NOW)).toBe('invalid');
    const { auth_date: _omitted, ...withoutDate } = f;
    expect(checkTelegramLogin(withoutDate, sign(withoutDate), BOT_TOKEN, NOW)).toBe('invalid');
  });

  it('refuses a payload older than one day, and one dated in the future', () => {
    const old = fields({ auth_date: String(nowSeconds - 86_401) });
    expect(checkTelegramLogin(old, sign(old), BOT_TOKEN, NOW)).toBe('expired');
    const dayOld = fields({ auth_date: String(nowSeconds - 86_400) });
    expect(checkTelegramLogin(dayOld, sign(dayOld), BOT_TOKEN, NOW)).toBe('valid');
    const future = fields({ auth_date: String(nowSeconds + 3600) });
    expect(checkTelegramLogin(future, sign(future), BOT_TOKEN, NOW)).toBe('invalid');
  });
});
