/**
 * The cms config as the site gets it: each banner (home hero, auth popup panel, menu banner) checked against
 * what it needs (banner-needs.ts) and given its offer's terms. Banners that cannot deliver are left out, and so
 * are finished ones (`finished_at` in the past) and those not started (`started_at` ahead); the stored config keeps them for the day their feature goes live.
 *
 * A hero banner may target a CRM segment (`segment_id`, docs/decisions/074): it shows only to the segment's players,
 * so only answers made for one player carry it (banners.get, asked by the signed-in browser). The locale's shared
 * answer (/nfx/cms-config, kept by the site's shared reads and inside every cached public page) never does: it says
 * `segmentBanners: true` instead when such a banner is live, so the browser of a signed-in player knows to ask.
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

/** The segment a hero banner targets (ADR 074), or null: everyone. */
export const segmentOfBanner = (banner: unknown): number | null =>
  isRecord(banner) && typeof banner.segment_id === 'number' && Number.isInteger(banner.segment_id)
    ? banner.segment_id
    : null;

/** The segments the config's hero banners target: what banners.get asks the player's audiences for. */
export const bannerSegments = (config: TRecord): number[] =>
  Array.isArray(config.heroBanners)
    ? config.heroBanners.map(segmentOfBanner).filter((id): id is number => id !== null)
    : [];

/**
 * The config with its live banners. `memberOf`: the segments of the one player the answer is for; without it (the
 * shared answer of a locale) no segment-targeted banner is in it, only `segmentBanners: true` when one is live.
 */
export const resolveCmsBanners = async (
  ctx: TAppContext,
  config: TRecord,
  memberOf: ReadonlySet<number> = new Set(),
): Promise<TRecord> => {
  const offers = await liveOfferTerms(ctx);
  const one = async (value: unknown) => (isRecord(value) ? resolveBanner(ctx, value, offers) : value);
  const live = Array.isArray(config.heroBanners)
    ? (await Promise.all(config.heroBanners.map(one))).filter((b) => b !== null)
    : [];
  const hero = live
    .filter((b) => {
      const segment = segmentOfBanner(b);
      return segment === null || memberOf.has(segment);
    })
    .map((b) => {
      if (!isRecord(b) || !('segment_id' in b)) return b;
      const { segment_id: _segment, ...shown } = b;
      return shown;
    });
  const segmentBanners = live.some((b) => segmentOfBanner(b) !== null);
  return {
    ...config,
    ...(config.heroBanners !== undefined && {
      heroBanners: Array.isArray(config.heroBanners) ? hero : config.heroBanners,
    }),
    ...(segmentBanners && { segmentBanners: true }),
    ...(config.authBanner !== undefined && { authBanner: await one(config.authBanner) }),
    ...(config.menuBanner !== undefined && { menuBanner: await one(config.menuBanner) }),
  };
};
