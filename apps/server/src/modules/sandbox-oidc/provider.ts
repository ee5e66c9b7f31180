/**
 * The sandbox provider's grants: a one-time code for the identity the tester picked (60 s), exchanged at the
 * token endpoint, with the PKCE verifier, for an ES256 ID token and an access token the userinfo endpoint reads.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { TAppContext } from '../../platform/context.ts';
import type { TAuthorizeRequest } from './authorize-request.ts';
import { signingKey } from './keys.ts';
import { sandboxOidcCodes, sandboxOidcTokens, type TSandboxClaims } from './schema.ts';

const CODE_TTL_MS = 60_000;
const TOKEN_TTL_SECONDS = 300;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The same e-mail always gives the same subject, so a tester can come back as the same person. */
export const sandboxSubject = (email: string) =>
  `sbx-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 20)}`;

export const issueCode = async (ctx: TAppContext, request: TAuthorizeRequest, claims: TSandboxClaims) => {
  const code = ctx.providers.random.bytes(32).toString('base64url');
  await ctx.db.insert(sandboxOidcCodes).values({
    codeHash: sha256(code),
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    nonce: request.nonce || null,
    claims,
    expiresAt: new Date(ctx.providers.clock.now().getTime() + CODE_TTL_MS),
  });
  return code;
};

export type TTokenResult =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; error: 'invalid_grant' | 'invalid_request' | 'unsupported_grant_type'; description: string };

const pkceMatches = (verifier: string, challenge: string) => {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false;
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'));
  const expected = Buffer.from(challenge);
  return computed.length === expected.length && timingSafeEqual(computed, expected);
};

export const exchangeCode = async (
  ctx: TAppContext,
  issuer: string,
  clientId: string,
  form: Record<string, unknown>,
): Promise<TTokenResult> => {
  if (form.grant_type !== 'authorization_code')
    return { ok: false, error: 'unsupported_grant_type', description: 'only authorization_code' };
  const code = typeof form.code === 'string' ? form.code : '';
  const verifier = typeof form.code_verifier === 'string' ? form.code_verifier : '';
  if (!code || !verifier)
    return { ok: false, error: 'invalid_request', description: 'code and code_verifier are required' };
  const now = ctx.providers.clock.now();
  // Spent whatever happens next: a code is good for one try (RFC 6749 4.1.2).
  const [grant] = await ctx.db
    .update(sandboxOidcCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(sandboxOidcCodes.codeHash, sha256(code)),
        isNull(sandboxOidcCodes.usedAt),
        gt(sandboxOidcCodes.expiresAt, now),
      ),
    )
    .returning();
  if (!grant || grant.clientId !== clientId)
    return { ok: false, error: 'invalid_grant', description: 'unknown, used or expired code' };
  if (form.redirect_uri !== grant.redirectUri)
    return {
      ok: false,
      error: 'invalid_grant',
      description: 'redirect_uri differs from the authorization request',
    };
  if (!pkceMatches(verifier, grant.codeChallenge))
    return { ok: false, error: 'invalid_grant', description: 'PKCE verification failed' };

  const accessToken = ctx.providers.random.bytes(32).toString('base64url');
  const nowSeconds = Math.floor(now.getTime() / 1000);
  await ctx.db.insert(sandboxOidcTokens).values({
    tokenHash: sha256(accessToken),
    claims: grant.claims,
    expiresAt: new Date((nowSeconds + TOKEN_TTL_SECONDS) * 1000),
  });
  const key = await signingKey(ctx);
  const { sub, ...claims } = grant.claims;
  const idToken = await new SignJWT({ ...claims, ...(grant.nonce ? { nonce: grant.nonce } : {}) })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(clientId)
    .setSubject(sub)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_TTL_SECONDS)
    .sign(key.privateKey);
  return {
    ok: true,
    body: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_SECONDS,
      id_token: idToken,
      scope: 'openid email profile',
    },
  };
};

export const userInfo = async (ctx: TAppContext, accessToken: string): Promise<TSandboxClaims | null> => {
  const [row] = await ctx.db
    .select()
    .from(sandboxOidcTokens)
    .where(
      and(
        eq(sandboxOidcTokens.tokenHash, sha256(accessToken)),
        gt(sandboxOidcTokens.expiresAt, ctx.providers.clock.now()),
      ),
    )
    .limit(1);
  return row?.claims ?? null;
};
