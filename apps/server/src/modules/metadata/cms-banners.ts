/**
 * The cms config as the site gets it: each banner (home hero, auth popup panel, menu banner) checked against
 * what it needs (banner-needs.ts) and given its offer's terms. Banners that cannot deliver are left out, and so
 * are finished ones (`finished_at` in the past) and those not started (`started_at` ahead); the stored config keeps them for the day their feature goes live.
 */
import type { TOfferTerms } from '@casino/contracts/offer-terms';
import type { TAppContext } from '../../platform/context.ts';
import { isFeatureLive, liveOfferTerms } from './banner-needs.ts';

type TRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The banner with `terms` of its offer, or null when it must not show. */
const resolveBanner = async (
  ctx: TAppContext,
  banner: TRecord,
  offers: Map<string, TOfferTerms>,
): Promise<TRecord | null> => {
  if (
    typeof banner.finished_at === 'string' &&
    Date.parse(banner.finished_at) <= ctx.providers.clock.now().getTime()
  )
    return null;
  // Scheduled (ADR 066): not before its start.
  if (
    typeof banner.started_at === 'string' &&
    Date.parse(banner.started_at) > ctx.providers.clock.now().getTime()
  )
    return null;
  if (typeof banner.feature === 'string' && !(await isFeatureLive(ctx, banner.feature))) return null;
  if (typeof banner.offer !== 'string') return banner;
  const terms = offers.get(banner.offer);
  return terms ? { ...banner, terms } : null;
};

export const resolveCmsBanners = async (ctx: TAppContext, config: TRecord): Promise<TRecord> => {
  const offers = await liveOfferTerms(ctx);
  const one = async (value: unknown) => (isRecord(value) ? resolveBanner(ctx, value, offers) : value);
  const hero = Array.isArray(config.heroBanners)
    ? (await Promise.all(config.heroBanners.map(one))).filter((b) => b !== null)
    : config.heroBanners;
  return {
    ...config,
    ...(config.heroBanners !== undefined && { heroBanners: hero }),
    ...(config.authBanner !== undefined && { authBanner: await one(config.authBanner) }),
    ...(config.menuBanner !== undefined && { menuBanner: await one(config.menuBanner) }),
  };
};
