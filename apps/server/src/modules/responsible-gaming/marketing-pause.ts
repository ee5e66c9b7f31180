/**
 * No marketing while a time-out or self-exclusion is in force (issue 36). A signed-in player is asked by their
 * exclusion. A visitor cannot be: an excluded player is signed out and refused at sign-in, and from then on looks
 * like any visitor, to whom the site offers its welcome bonus. So the browser that took or met the exclusion
 * keeps a cookie until it ends (the rg_pause cookie: its end in unix seconds, or `permanent`), and the visitor
 * calls that choose offers, popups and banners read it. It only ever takes marketing away, so it is not signed.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../../platform/config.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { isSecureRequest } from '../../platform/http/secure-request.ts';
import { activeExclusion } from './exclusions.ts';

export const MARKETING_PAUSE_COOKIE = 'rg_pause';
const PERMANENT = 'permanent';
/** Browsers keep a cookie at most 400 days; a longer exclusion's cookie is renewed at each refused sign-in. */
const MAX_AGE_SECONDS = 400 * 86_400;

/** When the pause the request's cookie carries ends (null: permanent), or undefined when it carries none. */
const pauseEndOf = (request: FastifyRequest): Date | null | undefined => {
  const value = request.cookies[MARKETING_PAUSE_COOKIE];
  if (value === PERMANENT) return null;
  if (!value || !/^\d{1,12}$/.test(value)) return undefined;
  return new Date(Number(value) * 1000);
};

/** Does this browser carry a pause in force at `now`? */
export const isBrowserPaused = (request: FastifyRequest, now: Date) => {
  const end = pauseEndOf(request);
  return end === null || (end !== undefined && end.getTime() > now.getTime());
};

/** Remembers on this browser a pause that ends at `until` (null: permanent). */
export const rememberPause = (
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<TConfig, 'PUBLIC_URL'>,
  until: Date | null,
  now: Date,
) => {
  const seconds = until === null ? MAX_AGE_SECONDS : Math.ceil((until.getTime() - now.getTime()) / 1000);
  if (seconds <= 0) return;
  reply.setCookie(
    MARKETING_PAUSE_COOKIE,
    until === null ? PERMANENT : String(Math.floor(until.getTime() / 1000)),
    {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecureRequest(request, config),
      maxAge: Math.min(seconds, MAX_AGE_SECONDS),
    },
  );
};

/**
 * Is marketing paused for whoever made this request: a signed-in player in a time-out or self-exclusion, or a
 * visitor whose browser carries a pause in force. Every place that chooses an offer, popup or banner asks this.
 */
export const isMarketingPaused = async (
  db: TExecutor,
  input: { playerId: number | null; request: FastifyRequest },
  now: Date,
) =>
  input.playerId === null
    ? isBrowserPaused(input.request, now)
    : (await activeExclusion(db, input.playerId, now)) !== null;
