/**
 * The cms config's banners as operators edit them (the back-office), one locale at a time: the home hero banners
 * and the menu banner (words, link, image, end time). The auth popup panel has no words of its own (its offer's
 * terms fill it), so it is listed, not edited. An edit marks the locale's config edited so the seed keeps it.
 */
import { isCode, MAX_AUDIENCE_CODES } from '@casino/contracts/audience-codes';
import { asc, eq } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { audienceChoices } from '../players/index.ts';
import { cmsConfigs } from './schema.ts';

type TRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface TBannerRow {
  /** `hero-<index>`, `menu` or `auth`: where it shows and how the edit form finds it. */
  slot: string;
  position: 'hero' | 'menu' | 'auth';
  editable: boolean;
  banner: TRecord;
}

export const BANNER_TEXT_FIELDS = ['title', 'text', 'button', 'url', 'image'] as const;

export const cmsLocales = async (db: TExecutor) =>
  (await db.select({ locale: cmsConfigs.locale }).from(cmsConfigs).orderBy(asc(cmsConfigs.locale))).map(
    (r) => r.locale,
  );

const bannersOf = (config: TRecord): TBannerRow[] => {
  const rows: TBannerRow[] = [];
  if (Array.isArray(config.heroBanners))
    config.heroBanners.forEach((banner, i) => {
      if (isRecord(banner)) rows.push({ slot: `hero-${i}`, position: 'hero', editable: true, banner });
    });
  if (isRecord(config.menuBanner))
    rows.push({ slot: 'menu', position: 'menu', editable: true, banner: config.menuBanner });
  if (isRecord(config.authBanner))
    rows.push({ slot: 'auth', position: 'auth', editable: false, banner: config.authBanner });
  return rows;
};

export const listCmsBanners = async (db: TExecutor, locale: string) => {
  const [row] = await db.select().from(cmsConfigs).where(eq(cmsConfigs.locale, locale));
  return row ? bannersOf(row.config) : null;
};

export interface TBannerPatch {
  title: string;
  text: string;
  button: string;
  url: string;
  image: string;
  /** When it stops showing; null: never. */
  finishedAt: Date | null;
  /** When it starts showing (ADR 066); null: at once. */
  startedAt?: Date | null;
  /** A shared CRM segment whose players alone see it (ADR 074, home hero banners only); null: everyone. */
  segmentId?: number | null;
  /** The player countries (ISO 3166-1 alpha-2, upper case) whose players alone see it (ADR 074, hero only); []: all. */
  countries?: readonly string[];
}

export const checkBannerPatch = (patch: TBannerPatch) => {
  if (patch.startedAt && patch.finishedAt && patch.startedAt.getTime() >= patch.finishedAt.getTime())
    throw invalidParameters({ finished_at: 'wrongField' });
  if (!patch.title.trim() || patch.title.length > 120)
    throw invalidParameters({ title: patch.title.trim() ? 'maxLength' : 'requiredField' });
  if (patch.text.length > 500) throw invalidParameters({ text: 'maxLength' });
  if (patch.button.length > 60) throw invalidParameters({ button: 'maxLength' });
  if (patch.url && !/^(\/[^\s]*|https:\/\/[^\s/]+[^\s]*)$/.test(patch.url))
    throw invalidParameters({ url: 'wrongField' });
  if (patch.image && !/^\/[^\s"'<>]*$/.test(patch.image)) throw invalidParameters({ image: 'wrongField' });
  if (patch.countries && patch.countries.length > MAX_AUDIENCE_CODES)
    throw invalidParameters({ countries: 'maxLength' });
  if (patch.countries?.some((code) => !isCode(code, 'country')))
    throw invalidParameters({ countries: 'wrongField' });
};

/**
 * Refuses a segment that is no shared CRM segment (what the back-office offers), and any segment on a banner that is
 * not a home hero banner: the menu banner is in every page, kept per locale.
 */
export const checkBannerSegment = async (
  db: TExecutor,
  position: string,
  segmentId: number | null | undefined,
) => {
  if (segmentId === null || segmentId === undefined) return;
  if (position !== 'hero' || !(await audienceChoices(db)).some((s) => s.id === segmentId))
    throw invalidParameters({ segment_id: 'wrongField' });
};

/** Refuses countries on a banner that is not a home hero banner (the menu banner is in every page, kept per locale). */
export const checkBannerCountries = (position: string, countries: readonly string[] | undefined) => {
  if (countries && countries.length > 0 && position !== 'hero')
    throw invalidParameters({ countries: 'wrongField' });
};

/** Sets (or clears) the banner's segment in its record. */
export const withSegment = (banner: TRecord, segmentId: number | null | undefined): TRecord => {
  if (segmentId === undefined) return banner;
  const { segment_id: _old, ...rest } = banner;
  return segmentId === null ? rest : { ...rest, segment_id: segmentId };
};

/** Sets (or clears, with []) the banner's countries in its record; undefined leaves them. */
export const withCountries = (banner: TRecord, countries: readonly string[] | undefined): TRecord => {
  if (countries === undefined) return banner;
  const { countries: _old, ...rest } = banner;
  return countries.length === 0 ? rest : { ...rest, countries: [...countries] };
};

/** Whether a home banner of any locale targets the segment (the crm keeps a segment while one does). */
export const isBannerSegmentTargeted = async (db: TExecutor, segmentId: number) =>
  (await db.select({ config: cmsConfigs.config }).from(cmsConfigs)).some(
    (row) =>
      Array.isArray(row.config.heroBanners) &&
      row.config.heroBanners.some((b) => isRecord(b) && b.segment_id === segmentId),
  );

/** Changes one banner of a locale's config; answers the banner before and after (after null: nothing changed). */
export const updateCmsBanner = async (
  db: TExecutor,
  input: { locale: string; slot: string; patch: TBannerPatch; now: Date },
) => {
  checkBannerPatch(input.patch);
  const [row] = await db.select().from(cmsConfigs).where(eq(cmsConfigs.locale, input.locale)).for('update');
  if (!row) throw invalidParameters({ locale: 'wrongField' });
  const found = bannersOf(row.config).find((b) => b.slot === input.slot);
  if (!found?.editable) throw invalidParameters({ id: 'notFound' });
  await checkBannerSegment(db, found.position, input.patch.segmentId);
  checkBannerCountries(found.position, input.patch.countries);
  const next: TRecord = withCountries(
    withSegment({ ...found.banner }, input.patch.segmentId),
    input.patch.countries,
  );
  for (const key of BANNER_TEXT_FIELDS) {
    const value = input.patch[key].trim();
    if (value) next[key] = value;
    else delete next[key];
  }
  if (input.patch.finishedAt) next.finished_at = input.patch.finishedAt.toISOString();
  else delete next.finished_at;
  if (input.patch.startedAt) next.started_at = input.patch.startedAt.toISOString();
  else delete next.started_at;
  if (JSON.stringify(next) === JSON.stringify(found.banner)) return { before: found.banner, after: null };
  const config: TRecord = { ...row.config };
  if (found.position === 'menu') config.menuBanner = next;
  else {
    const hero = [...(config.heroBanners as unknown[])];
    hero[Number(input.slot.slice('hero-'.length))] = next;
    config.heroBanners = hero;
  }
  await db
    .update(cmsConfigs)
    .set({ config, editedAt: input.now, updatedAt: input.now })
    .where(eq(cmsConfigs.locale, input.locale));
  return { before: found.banner, after: next };
};
