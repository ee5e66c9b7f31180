/**
 * Sign-ins under way: the state (only its hash is stored), the PKCE verifier and the nonce, kept 10 minutes
 * and consumed once. The state is also set in a cookie, so the callback must come back to the same browser.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { socialAuthRequests } from './schema.ts';

export const STATE_COOKIE = 'social_state';
export const REQUEST_TTL_MS = 10 * 60_000;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface TNewSocialRequest {
  service: string;
  redirectUrl: string;
  typeAuth: 'registration' | 'authorization';
  locale: string;
  termsAccepted: boolean;
}
export type TSocialRequest = typeof socialAuthRequests.$inferSelect;

export const startSocialRequest = async (ctx: TAppContext, input: TNewSocialRequest) => {
  const random = () => ctx.providers.random.bytes(32).toString('base64url');
  const state = random();
  const nonce = random();
  // 43 characters of base64url: an RFC 7636 code verifier.
  const codeVerifier = random();
  const now = ctx.providers.clock.now();
  await ctx.db.delete(socialAuthRequests).where(lt(socialAuthRequests.expiresAt, now));
  await ctx.db.insert(socialAuthRequests).values({
    stateHash: sha256(state),
    service: input.service,
    codeVerifier,
    nonce,
    redirectUrl: input.redirectUrl,
    typeAuth: input.typeAuth,
    locale: input.locale,
    termsAccepted: input.termsAccepted,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
  });
  return { state, nonce, codeVerifier };
};

/** The request of this state, marked used; null when unknown, used, expired or of another service. */
export const consumeSocialRequest = async (
  ctx: TAppContext,
  service: string,
  state: string,
): Promise<TSocialRequest | null> => {
  if (!state) return null;
  const now = ctx.providers.clock.now();
  const [row] = await ctx.db
    .update(socialAuthRequests)
    .set({ usedAt: now })
    .where(
      and(
        eq(socialAuthRequests.stateHash, sha256(state)),
        eq(socialAuthRequests.service, service),
        isNull(socialAuthRequests.usedAt),
        gt(socialAuthRequests.expiresAt, now),
      ),
    )
    .returning();
  return row ?? null;
};
