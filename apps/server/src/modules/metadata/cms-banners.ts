/**
 * The cms config as the site gets it: each banner (home hero, auth popup panel, menu banner) checked against
 * what it needs (banner-needs.ts) and given its offer's terms. Banners that cannot deliver are left out, and so
 * are finished ones (`finished_at` in the past) and those not started (`started_at` ahead); the stored config keeps them for the day their feature goes live.
 *
 * A hero banner may target a CRM segment (`segment_id`) or players' countries (`countries`, ISO codes; docs/decisions/074):
 * such a personal banner shows only to those players, so only answers made for one player carry it (banners.get,
 * asked by the signed-in browser). The locale's shared answer (/nfx/cms-config, kept by the site's shared reads and
 * inside every cached public page) never does: it says `segmentBanners: true` instead when a personal banner is live,
 * so the browser of a signed-in player knows to ask.
 */
import { isInCountries } from '@casino/contracts/audience-codes';
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

/** The player countries a hero banner targets (ADR 074), upper case; empty: every country. */
export const countriesOfBanner = (banner: unknown): string[] =>
  isRecord(banner) && Array.isArray(banner.countries)
    ? banner.countries.filter((c): c is string => typeof c === 'string').map((c) => c.toUpperCase())
    : [];

/** Whether a hero banner is for some players only (a segment's, or some countries'): never in a shared answer. */
const isPersonal = (banner: unknown) =>
  segmentOfBanner(banner) !== null || countriesOfBanner(banner).length > 0;

/** Whether a hero banner of the config targets countries: banners.get then reads the player's country. */
export const hasCountryBanners = (config: TRecord): boolean =>
  Array.isArray(config.heroBanners) && config.heroBanners.some((b) => countriesOfBanner(b).length > 0);

/** Who one answer is for: the segments they are in (of those the banners target) and their country (a visitor: none). */
export interface TBannerViewer {
  segments: ReadonlySet<number>;
  country: string | null;
}

const NOBODY: TBannerViewer = { segments: new Set(), country: null };

/** Whether the viewer sees the banner (a country list leaves out whoever has no country). */
const isForViewer = (banner: unknown, viewer: TBannerViewer) => {
  const segment = segmentOfBanner(banner);
  const countries = countriesOfBanner(banner);
  return (segment === null || viewer.segments.has(segment)) && isInCountries(countries, viewer.country);
};

/** The segments the config's hero banners target: what banners.get asks the player's audiences for. */
export const bannerSegments = (config: TRecord): number[] =>
  Array.isArray(config.heroBanners)
    ? config.heroBanners.map(segmentOfBanner).filter((id): id is number => id !== null)
    : [];

/**
 * The config with its live banners. `viewer`: the one player the answer is for (their segments and country); without
 * it (the shared answer of a locale) no personal banner is in it, only `segmentBanners: true` when one is live.
 */
export const resolveCmsBanners = async (
  ctx: TAppContext,
  config: TRecord,
  viewer: TBannerViewer = NOBODY,
): Promise<TRecord> => {
  const offers = await liveOfferTerms(ctx);
  const one = async (value: unknown) => (isRecord(value) ? resolveBanner(ctx, value, offers) : value);
  const live = Array.isArray(config.heroBanners)
    ? (await Promise.all(config.heroBanners.map(one))).filter((b) => b !== null)
    : [];
  // The answer names neither the segment nor the countries: whom a banner is for is the operator's business.
  const hero = live
    .filter((b) => isForViewer(b, viewer))
    .map((b) => {
      if (!isRecord(b) || !('segment_id' in b || 'countries' in b)) return b;
      const { segment_id: _segment, countries: _countries, ...shown } = b;
      return shown;
    });
  const segmentBanners = live.some(isPersonal);
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
