/**
 * The home hero banners as a list an operator runs (issue 40, ADR 066), one locale's cms config at a time: add a
 * banner (words, link, image, window), copy one (placed after it), move one up or down (the order the site shows),
 * and retire one (taken out of the list). Each answers the list's ids before and after for the audit log; the config
 * is marked edited so the seed keeps it.
 */
import { eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import {
  BANNER_TEXT_FIELDS,
  checkBannerPatch,
  checkBannerSegment,
  type TBannerPatch,
  withCountries,
  withSegment,
} from './banners-admin.ts';
import { cmsConfigs } from './schema.ts';

type TRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const MAX_HERO_BANNERS = 20;
export type TBannerListAction = 'copy' | 'up' | 'down' | 'remove';

const idsOf = (hero: TRecord[]) => hero.map((b, i) => String(b.id ?? `hero-${i}`));

const withHero = async (db: TExecutor, locale: string, now: Date, change: (hero: TRecord[]) => TRecord[]) => {
  const [row] = await db.select().from(cmsConfigs).where(eq(cmsConfigs.locale, locale)).for('update');
  if (!row) throw invalidParameters({ locale: 'wrongField' });
  const hero = (Array.isArray(row.config.heroBanners) ? row.config.heroBanners : []).filter(isRecord);
  const next = change([...hero]);
  if (next.length > MAX_HERO_BANNERS) throw invalidParameters({ id: 'maxLength' });
  await db
    .update(cmsConfigs)
    .set({ config: { ...row.config, heroBanners: next }, editedAt: now, updatedAt: now })
    .where(eq(cmsConfigs.locale, locale));
  return { before: { banners: idsOf(hero) }, after: { banners: idsOf(next) }, hero: next };
};

/** A banner id no other banner of the list has: the sysname given, or `banner-<n>`. */
const freshId = (hero: TRecord[], wanted: string) => {
  const taken = new Set(idsOf(hero));
  if (wanted && !taken.has(wanted)) return wanted;
  const base = wanted || 'banner';
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
};

/** Adds a hero banner at the end of the list; answers its slot with the list before and after. */
export const addHeroBanner = async (
  db: TExecutor,
  input: { locale: string; id: string; patch: TBannerPatch; now: Date },
) => {
  if (input.id && !/^[a-z0-9_-]{2,40}$/.test(input.id)) throw invalidParameters({ id: 'wrongField' });
  checkBannerPatch(input.patch);
  await checkBannerSegment(db, 'hero', input.patch.segmentId);
  const result = await withHero(db, input.locale, input.now, (hero) => {
    const banner: TRecord = withCountries(
      withSegment({ id: freshId(hero, input.id) }, input.patch.segmentId),
      input.patch.countries,
    );
    for (const key of BANNER_TEXT_FIELDS) {
      const value = input.patch[key].trim();
      if (value) banner[key] = value;
    }
    if (input.patch.startedAt) banner.started_at = input.patch.startedAt.toISOString();
    if (input.patch.finishedAt) banner.finished_at = input.patch.finishedAt.toISOString();
    return [...hero, banner];
  });
  return { ...result, slot: `hero-${result.hero.length - 1}` };
};

/** Copies, moves or retires the hero banner at `slot` (`hero-<index>`). */
export const changeHeroList = async (
  db: TExecutor,
  input: { locale: string; slot: string; action: TBannerListAction; now: Date },
) => {
  const index = /^hero-(\d{1,3})$/.exec(input.slot)?.[1];
  if (index === undefined) throw invalidParameters({ id: 'notFound' });
  const i = Number(index);
  return withHero(db, input.locale, input.now, (hero) => {
    const banner = hero[i];
    if (!banner) throw invalidParameters({ id: 'notFound' });
    if (input.action === 'remove') return hero.filter((_, k) => k !== i);
    if (input.action === 'copy') {
      const copy = { ...banner, id: freshId(hero, `${String(banner.id ?? 'banner')}-copy`) };
      return [...hero.slice(0, i + 1), copy, ...hero.slice(i + 1)];
    }
    const j = input.action === 'up' ? i - 1 : i + 1;
    const other = hero[j];
    if (!other) return hero;
    hero[j] = banner;
    hero[i] = other;
    return hero;
  });
};
