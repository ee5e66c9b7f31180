/**
 * The socket token of getToken: "uid.expiry.signature", the signature an HMAC-SHA256 of "uid.expiry" with
 * SESSION_SECRET. Valid 60 s: long enough to open the socket, too short to be worth stealing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SOCKET_TOKEN_TTL_SECONDS = 60;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`socket:${payload}`).digest('base64url');

export const makeSocketToken = (secret: string, playerId: number, now: Date) => {
  const expiresAt = Math.floor(now.getTime() / 1000) + SOCKET_TOKEN_TTL_SECONDS;
  const payload = `${playerId}.${expiresAt}`;
  return `${payload}.${sign(secret, payload)}`;
};

/** The player id the token was issued for, or null when it is forged, malformed or expired. */
export const verifySocketToken = (secret: string, token: string, now: Date): number | null => {
  const match = /^([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, uid = '', expiry = '', signature = ''] = match;
  const expected = Buffer.from(sign(secret, `${uid}.${expiry}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expiry) * 1000 <= now.getTime()) return null;
  return Number(uid);
};
