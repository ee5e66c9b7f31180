/**
 * banners.get: the banners of the locale's cms config (content/cms, editable in the back-office) as one list — the
 * same banners the site draws from /nfx/cms-config, resolved the same way (cms-banners.ts: live offer or feature,
 * not finished) — each with its position, and its image under the keys the configuration names
 * (`bannerImageKeys`, e.g. { "desktop": "image", "mobile": "image_mobile" }). None while marketing is paused: a
 * player in a time-out or self-exclusion, or the browser that met one (responsible-gaming/marketing-pause.ts);
 * every one of these banners sells play (a bonus, a game, a tournament, cashback). A hero banner targeted at a CRM
 * segment or at countries is in the answer of the segment's players, or of players of those countries, only
 * (docs/decisions/074): this answer is made per request, never kept for others.
 */
import { BANNER_FIELDS } from '@casino/contracts/calls/banners';
import type { TAppContext } from '../../platform/context.ts';
import { localeSettings } from '../i18n/index.ts';
import { audiencesOfPlayer, findPlayerById } from '../players/index.ts';
import { bannerSegments, hasCountryBanners, resolveCmsBanners } from './cms-banners.ts';
import { getCmsConfig } from './settings-service.ts';

type TRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const DEFAULT_IMAGE_KEYS: Record<string, string> = { desktop: 'image' };

/** The banner's description with `position` and its images under the configured keys. */
const describe = (banner: TRecord, position: string, imageKeys: Record<string, string>) => {
  const { id: _id, finished_at: _finished, started_at: _started, ...rest } = banner;
  const images = Object.fromEntries(
    Object.entries(imageKeys)
      .map(([name, key]) => [name, banner[key]])
      .filter(([, value]) => typeof value === 'string'),
  );
  return { ...rest, position, images };
};

export const listBanners = async (
  ctx: TAppContext,
  input: {
    locale: string;
    offset: number;
    count: number;
    fields: readonly string[];
    position: string;
    /** Marketing is paused for whoever asks (a time-out or self-exclusion): no banner. */
    isPaused: boolean;
    /**
     * Who asks (null: a visitor, in no segment and of no known country): a hero banner targeted at a segment or at
     * countries shows to those players only (ADR 074).
     */
    playerId: number | null;
  },
) => {
  if (input.isPaused) return { count: 0, items: [] };
  const stored =
    (await getCmsConfig(ctx.db, input.locale)) ??
    (await getCmsConfig(ctx.db, (await localeSettings(ctx.db)).defaultLocale));
  if (!isRecord(stored)) return { count: 0, items: [] };
  // One statement for the player's segments among those the banners target; a visitor or no targeted banner: none.
  const memberOf = await audiencesOfPlayer(
    ctx.db,
    input.playerId,
    bannerSegments(stored),
    ctx.providers.clock.now(),
  );
  // The player's country only while a banner targets countries (the campaigns' rule: a visitor has none).
  const country =
    input.playerId !== null && hasCountryBanners(stored)
      ? ((await findPlayerById(ctx.db, input.playerId))?.countryCode ?? null)
      : null;
  const config = await resolveCmsBanners(ctx, stored, { segments: memberOf, country });
  const imageKeys = isRecord(config.bannerImageKeys)
    ? (Object.fromEntries(
        Object.entries(config.bannerImageKeys).filter(([, v]) => typeof v === 'string'),
      ) as Record<string, string>)
    : DEFAULT_IMAGE_KEYS;
  const all: { banner: TRecord; position: string; id: string }[] = [];
  if (Array.isArray(config.heroBanners))
    config.heroBanners.forEach((banner, i) => {
      if (isRecord(banner)) all.push({ banner, position: 'hero', id: String(banner.id ?? `hero-${i}`) });
    });
  if (isRecord(config.authBanner))
    all.push({ banner: config.authBanner, position: 'auth', id: String(config.authBanner.id ?? 'auth') });
  if (isRecord(config.menuBanner))
    all.push({ banner: config.menuBanner, position: 'menu', id: String(config.menuBanner.id ?? 'menu') });
  const chosen = all.filter((b) => input.position === '' || b.position === input.position);
  const fields = input.fields.filter((f) => (BANNER_FIELDS as readonly string[]).includes(f));
  const wanted = (field: string) => fields.length === 0 || fields.includes(field);
  return {
    count: chosen.length,
    items: chosen.slice(input.offset, input.offset + input.count).map(({ banner, position, id }) => ({
      id,
      ...(wanted('finished_at') && {
        finished_at: typeof banner.finished_at === 'string' ? banner.finished_at : null,
      }),
      ...(wanted('description') && { description: describe(banner, position, imageKeys) }),
    })),
  };
};
