/**
 * Telegram Login Widget data check (https://core.telegram.org/widgets/login#checking-authorization):
 * the data-check-string is the received fields sorted by key as `key=value` lines, the key is SHA-256 of the
 * bot token, the hash is the HMAC-SHA256 hex; auth_date must be recent.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The fields the widget signs. Our own extras (is_tg, payload, language_code…) are not part of the check. */
export const TELEGRAM_SIGNED_FIELDS = ['auth_date', 'first_name', 'id', 'last_name', 'photo_url', 'username'];
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 3600;
/** A signature dated this far ahead of our clock is refused too. */
const MAX_CLOCK_SKEW_SECONDS = 60;

export type TTelegramCheck = 'valid' | 'invalid' | 'expired';

export const telegramDataCheckString = (fields: Record<string, string>): string =>
  TELEGRAM_SIGNED_FIELDS.filter((key) => (fields[key] ?? '') !== '')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');

export const telegramHash = (fields: Record<string, string>, botToken: string): string => {
  const secret = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', secret).update(telegramDataCheckString(fields)).digest('hex');
};

export const checkTelegramLogin = (
  fields: Record<string, string>,
  hash: string,
  botToken: string,
  now: Date,
): TTelegramCheck => {
  if (
    !/^[0-9a-f]{64}$/i.test(hash) ||
    !/^\d+$/.test(fields.id ?? '') ||
    !/^\d+$/.test(fields.auth_date ?? '')
  )
    return 'invalid';
  const expected = Buffer.from(telegramHash(fields, botToken), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(hash.toLowerCase(), 'hex'))) return 'invalid';
  const age = Math.floor(now.getTime() / 1000) - Number(fields.auth_date);
  if (age < -MAX_CLOCK_SKEW_SECONDS) return 'invalid';
  return age > TELEGRAM_MAX_AGE_SECONDS ? 'expired' : 'valid';
};
