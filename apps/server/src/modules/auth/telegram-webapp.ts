/**
 * Telegram Mini App (WebApp) initData check (https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app):
 * the data-check-string is every received field but `hash`, sorted by key, as `key=value` lines; the secret key is
 * HMAC-SHA256 of the bot token keyed with "WebAppData"; the hash is HMAC-SHA256 of the string with that key, hex.
 * auth_date must be fresh: initData is replayable by whoever saw it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const WEBAPP_MAX_AGE_SECONDS = 3600;
const MAX_CLOCK_SKEW_SECONDS = 60;

export interface TWebAppUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  language_code?: string;
}

export type TWebAppCheck =
  | { status: 'valid'; user: TWebAppUser; fields: Record<string, string> }
  | { status: 'invalid' }
  | { status: 'expired' };

export const webAppDataCheckString = (fields: Record<string, string>) =>
  Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');

export const webAppHash = (fields: Record<string, string>, botToken: string) => {
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  return createHmac('sha256', secret).update(webAppDataCheckString(fields)).digest('hex');
};

const parseUser = (json: string | undefined): TWebAppUser | null => {
  try {
    const user = JSON.parse(json ?? '') as TWebAppUser;
    return Number.isSafeInteger(user?.id) && user.id > 0 ? user : null;
  } catch {
    return null;
  }
};

export const checkWebAppInitData = (initData: string, botToken: string, now: Date): TWebAppCheck => {
  if (initData.length > 4096) return { status: 'invalid' };
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(initData)) {
    if (key in fields) return { status: 'invalid' };
    fields[key] = value;
  }
  const hash = fields.hash ?? '';
  if (!/^[0-9a-f]{64}$/.test(hash) || !/^\d+$/.test(fields.auth_date ?? '')) return { status: 'invalid' };
  const expected = Buffer.from(webAppHash(fields, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return { status: 'invalid' };
  const user = parseUser(fields.user);
  if (!user) return { status: 'invalid' };
  const age = Math.floor(now.getTime() / 1000) - Number(fields.auth_date);
  if (age < -MAX_CLOCK_SKEW_SECONDS) return { status: 'invalid' };
  if (age > WEBAPP_MAX_AGE_SECONDS) return { status: 'expired' };
  return { status: 'valid', user, fields };
};
