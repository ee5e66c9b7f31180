/**
 * No marketing while a time-out or self-exclusion is in force (issue 36). A signed-in player is asked by their
 * exclusion. A visitor cannot be: an excluded player is signed out and refused at sign-in, and from then on looks
 * like any visitor, to whom the site offers its welcome bonus. So the browser that took or met the exclusion
 * keeps a cookie until it ends (@casino/contracts/marketing-pause), and the calls that choose offers, popups and
 * banners read it; the site reads it for the cms banners it draws.
 */
import { isPauseInForce, MARKETING_PAUSE_COOKIE, PERMANENT_PAUSE } from '@casino/contracts/marketing-pause';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TConfig } from '../../platform/config.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isSecureRequest } from '../../platform/http/secure-request.ts';
import { activeExclusion } from './exclusions.ts';

/** Browsers keep a cookie at most 400 days; a longer exclusion's cookie is renewed at each refused sign-in. */
const MAX_AGE_SECONDS = 400 * 86_400;

/** Does this browser carry a pause in force at `now`? */
export const isBrowserPaused = (request: FastifyRequest, now: Date) =>
  isPauseInForce(request.cookies[MARKETING_PAUSE_COOKIE], now);

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
    until === null ? PERMANENT_PAUSE : String(Math.floor(until.getTime() / 1000)),
    {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecureRequest(request, config),
      maxAge: Math.min(seconds, MAX_AGE_SECONDS),
    },
  );
};

/** Remembers on this browser the exclusion a refusal (exclusions.ts exclusionError) names; other errors pass. */
export const rememberRefusal = (
  request: FastifyRequest,
  reply: FastifyReply,
  config: Pick<TConfig, 'PUBLIC_URL'>,
  error: unknown,
  now: Date,
) => {
  if (!(error instanceof AppError) || error.errorData.reason !== 'self_excluded') return;
  const { until, is_permanent: isPermanent } = error.errorData;
  if (isPermanent === true) rememberPause(request, reply, config, null, now);
  else if (typeof until === 'number') rememberPause(request, reply, config, new Date(until * 1000), now);
};

/**
 * Is marketing paused for whoever made this request: a browser carrying a pause in force (whoever signs in on it:
 * a second account is no way round an exclusion), or a signed-in player in a time-out or self-exclusion. Every
 * place that chooses an offer, popup or banner asks this.
 */
export const isMarketingPaused = async (
  db: TExecutor,
  input: { playerId: number | null; request: FastifyRequest },
  now: Date,
) =>
  isBrowserPaused(input.request, now) ||
  (input.playerId !== null && (await activeExclusion(db, input.playerId, now)) !== null);
