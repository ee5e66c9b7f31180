/**
 * Operator settings, CMS configs and pages: seeded from content/ and read from the database.
 * A row an operator edited (edited_at set) is never overwritten by the seed; an unedited row follows its file.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { contentHash } from '../i18n/index.ts';
import {
  readCmsFiles,
  readPageFiles,
  readSettingFile,
  SETTING_KEYS,
  type TSettingKey,
} from './content-files.ts';
import { cmsConfigs, contentPages, siteSettings } from './schema.ts';

export const seedContent = async (db: TDb, contentDir: string) => {
  const settings = SETTING_KEYS.map((key) => ({ key, value: readSettingFile(contentDir, key) }));
  const cms = readCmsFiles(contentDir);
  const pages = readPageFiles(contentDir);
  await db.transaction(async (tx) => {
    for (const { key, value } of settings) {
      const sourceHash = contentHash(value);
      await tx
        .insert(siteSettings)
        .values({ key, value, sourceHash })
        .onConflictDoUpdate({
          target: siteSettings.key,
          set: { value, sourceHash, updatedAt: sql`now()` },
          setWhere: sql`${siteSettings.editedAt} is null and ${siteSettings.sourceHash} <> ${sourceHash}`,
        });
    }
    for (const { locale, config } of cms) {
      const sourceHash = contentHash(config);
      await tx
        .insert(cmsConfigs)
        .values({ locale, config, sourceHash })
        .onConflictDoUpdate({
          target: cmsConfigs.locale,
          set: { config, sourceHash, updatedAt: sql`now()` },
          setWhere: sql`${cmsConfigs.editedAt} is null and ${cmsConfigs.sourceHash} <> ${sourceHash}`,
        });
    }
    for (const page of pages) {
      const sourceHash = contentHash(page);
      const { slug, locale, title, description, body } = page;
      await tx
        .insert(contentPages)
        .values({ slug, locale, title, description, body, sourceHash })
        .onConflictDoUpdate({
          target: [contentPages.slug, contentPages.locale],
          set: { title, description, body, sourceHash, updatedAt: sql`now()` },
          setWhere: sql`${contentPages.editedAt} is null and ${contentPages.sourceHash} <> ${sourceHash}`,
        });
    }
  });
};

export const getSetting = async (db: TDb, key: TSettingKey): Promise<unknown> => {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key));
  if (!row) throw new Error(`setting not seeded: ${key}`);
  return row.value;
};

/** An operator's change of a setting: marks the row edited so the seed leaves it alone from now on. */
export const updateSetting = async (db: TDb, key: TSettingKey, value: unknown, now: Date) => {
  await db
    .update(siteSettings)
    .set({ value, editedAt: now, updatedAt: now })
    .where(eq(siteSettings.key, key));
};

export const getCmsConfig = async (db: TDb, locale: string) => {
  const [row] = await db
    .select({ config: cmsConfigs.config })
    .from(cmsConfigs)
    .where(eq(cmsConfigs.locale, locale));
  return row?.config ?? null;
};

export const updateCmsConfig = async (
  db: TDb,
  locale: string,
  config: Record<string, unknown>,
  now: Date,
) => {
  await db
    .update(cmsConfigs)
    .set({ config, editedAt: now, updatedAt: now })
    .where(eq(cmsConfigs.locale, locale));
};

export const getPage = async (db: TDb, slug: string, locale: string) => {
  const [row] = await db
    .select({
      slug: contentPages.slug,
      locale: contentPages.locale,
      title: contentPages.title,
      description: contentPages.description,
      body: contentPages.body,
      updatedAt: contentPages.updatedAt,
    })
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale), eq(contentPages.hidden, false)));
  return row ?? null;
};

export const listPageSlugs = async (db: TDb, locale: string) =>
  (
    await db
      .select({ slug: contentPages.slug, title: contentPages.title })
      .from(contentPages)
      .where(eq(contentPages.locale, locale))
      .orderBy(asc(contentPages.slug))
  ).map((r) => r);
