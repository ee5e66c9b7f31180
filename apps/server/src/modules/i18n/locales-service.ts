/** Locales (seeded from content/locales.json, editable by an operator) and per-message translation overrides. */
import { createHash } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { readLocalesFile } from './catalogue.ts';
import { invalidateMessages } from './messages-cache.ts';
import { locales, translationOverrides } from './schema.ts';

export interface TLocale {
  code: string;
  name: string;
  nativeName: string;
  dir: 'ltr' | 'rtl';
}

export const contentHash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

/**
 * Inserts each locale of the file; an unedited row follows the file when the file changes; a row an operator
 * edited stays as it is. Running it twice changes nothing.
 */
export const seedLocales = async (db: TDb, contentDir: string) => {
  const file = readLocalesFile(contentDir);
  await db.transaction(async (tx) => {
    for (const [position, entry] of file.locales.entries()) {
      const row = {
        code: entry.code,
        name: entry.name,
        nativeName: entry.nativeName,
        dir: entry.dir,
        isEnabled: entry.enabled,
        isDefault: entry.code === file.defaultLocale,
        position,
      };
      const sourceHash = contentHash(row);
      await tx
        .insert(locales)
        .values({ ...row, sourceHash })
        .onConflictDoUpdate({
          target: locales.code,
          set: { ...row, sourceHash, updatedAt: sql`now()` },
          setWhere: sql`${locales.editedAt} is null and ${locales.sourceHash} <> ${sourceHash}`,
        });
    }
  });
};

export const listLocales = async (db: TDb, options: { enabledOnly?: boolean } = {}) => {
  const rows = await db.select().from(locales).orderBy(asc(locales.position), asc(locales.code));
  return rows.filter((r) => r.isEnabled || !options.enabledOnly);
};

/** The enabled locales and the default one (the first enabled if the default was disabled). */
export const localeSettings = async (db: TDb) => {
  const rows = await listLocales(db, { enabledOnly: true });
  const defaultLocale = (rows.find((r) => r.isDefault) ?? rows[0])?.code ?? 'en';
  const list: TLocale[] = rows.map((r) => ({
    code: r.code,
    name: r.name,
    nativeName: r.nativeName,
    dir: r.dir,
  }));
  return { locales: list, defaultLocale };
};

export const findEnabledLocale = async (db: TDb, code: string) =>
  (await listLocales(db, { enabledOnly: true })).find((r) => r.code === code) ?? null;

export const overridesFor = async (db: TDb, locale: string): Promise<Record<string, string>> => {
  const rows = await db
    .select({ key: translationOverrides.key, value: translationOverrides.value })
    .from(translationOverrides)
    .where(eq(translationOverrides.locale, locale));
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
};

export const allOverrides = async (db: TDb) => {
  const rows = await db.select().from(translationOverrides);
  const map = new Map<string, Record<string, string>>();
  for (const r of rows) map.set(r.locale, { ...map.get(r.locale), [r.key]: r.value });
  return map;
};

/** An operator's edit of one message. */
export const setOverride = async (db: TDb, locale: string, key: string, value: string) => {
  await db
    .insert(translationOverrides)
    .values({ locale, key, value })
    .onConflictDoUpdate({
      target: [translationOverrides.locale, translationOverrides.key],
      set: { value, updatedAt: sql`now()` },
    });
  invalidateMessages(db);
};
