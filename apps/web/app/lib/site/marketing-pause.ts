/**
 * Issue 36: a browser that took or met a time-out or self-exclusion carries the server's rg_pause cookie until it
 * ends (@casino/contracts/marketing-pause). The cms config is one for every visitor of a locale, so its banners —
 * the home hero, the menu banner and the sign-in dialog's offer panel — are taken out here, per request.
 */
import { isPauseInForce, MARKETING_PAUSE_COOKIE } from '@casino/contracts/marketing-pause';
import { readCookie } from '../cookies';
import type { TCmsConfig } from './types';

/** Does the request's cookie header carry a pause in force at `now`? */
export const isMarketingPaused = (cookieHeader: string | null | undefined, now: Date) =>
  isPauseInForce(readCookie(cookieHeader, MARKETING_PAUSE_COOKIE), now);

/** The cms config without a banner: each sells play (a bonus, a game, a tournament, cashback). */
export const withoutMarketing = (cms: TCmsConfig): TCmsConfig => ({
  ...cms,
  banners: [],
  // null, not undefined: the sign-in dialog's panel falls back to its own welcome words when none is configured.
  authBanner: null,
  menuBanner: null,
});

/** The cms config this browser is shown (the root middleware's choice for every page). */
export const cmsForBrowser = (cms: TCmsConfig, cookieHeader: string | null | undefined, now: Date) =>
  isMarketingPaused(cookieHeader, now) ? withoutMarketing(cms) : cms;
