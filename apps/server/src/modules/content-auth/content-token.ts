/**
 * The content client's JWT: HS256 over `{ id, ver, iat, exp }` (Strapi's `{ id, iat, exp }` plus the operator's
 * token version), signed with CONTENT_JWT_SECRET. Verification checks the algorithm, the signature (in constant
 * time) and the expiry against the app's clock; the caller checks the version and the operator.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface TContentTokenClaims {
  id: number;
  ver: number;
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const sign = (secret: string, input: string) => createHmac('sha256', secret).update(input).digest();

export const signContentToken = (
  secret: string,
  claims: { id: number; ver: number },
  now: Date,
  ttlSeconds: number,
): string => {
  const iat = Math.floor(now.getTime() / 1000);
  const payload = Buffer.from(JSON.stringify({ ...claims, iat, exp: iat + ttlSeconds })).toString(
    'base64url',
  );
  const input = `${HEADER}.${payload}`;
  return `${input}.${sign(secret, input).toString('base64url')}`;
};

const parseJson = (part: string): unknown => {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
};

const isClaims = (value: unknown): value is TContentTokenClaims => {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    ['id', 'ver', 'iat', 'exp'].every((k) => Number.isSafeInteger(v[k]))
  );
};

/** The claims of a valid, unexpired token; null for anything else. */
export const verifyContentToken = (secret: string, token: string, now: Date): TContentTokenClaims | null => {
  if (token.length > 2000) return null;
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length > 0) return null;
  const h = parseJson(header) as Record<string, unknown> | null;
  if (h?.alg !== 'HS256') return null;
  const expected = sign(secret, `${header}.${payload}`);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const claims = parseJson(payload);
  if (!isClaims(claims)) return null;
  return claims.exp > Math.floor(now.getTime() / 1000) ? claims : null;
};
