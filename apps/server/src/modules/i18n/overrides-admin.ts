/**
 * What the back-office does with translations (the i18n module owns translation_overrides): the messages of a
 * locale as rows (English, the locale's file, the operator's override), a search by key or text, the keys English
 * has that the locale lacks after overrides, and saving or removing one override. An override must keep the
 * English message's placeholders; a change reaches this server's messages at once and the others' within 10 s.
 */
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { flatten, placeholders, readLocaleMessages } from './catalogue.ts';
import { allOverrides, listLocales, overridesFor } from './locales-service.ts';
import { invalidateMessages } from './messages-cache.ts';
import { translationOverrides } from './schema.ts';
import { configureTranslator, FALLBACK_LOCALE } from './translate.ts';

export const OVERRIDE_MAX_LENGTH = 5_000;
/** The FAQ's items are edited as a list under the support module (ADR 028), not key by key. */
const LIST_PREFIXES = ['support.faq.items.'];

export interface TMessageRow {
  key: string;
  english: string;
  /** The locale's own file (undefined: the key is not in it). */
  file: string | undefined;
  override: string | undefined;
}

export const isKnownLocale = async (db: TDb, code: string) =>
  (await listLocales(db)).some((l) => l.code === code);

/** Every English key with the locale's file and override, in the catalogue's order. */
export const messageRows = async (db: TDb, contentDir: string, locale: string): Promise<TMessageRow[]> => {
  const english = flatten(readLocaleMessages(contentDir, FALLBACK_LOCALE));
  const own = locale === FALLBACK_LOCALE ? english : flatten(readLocaleMessages(contentDir, locale));
  const overrides = await overridesFor(db, locale);
  return Object.entries(english)
    .filter(([key]) => !LIST_PREFIXES.some((p) => key.startsWith(p)))
    .map(([key, text]) => ({ key, english: text, file: own[key], override: overrides[key] }));
};

export const effectiveText = (row: TMessageRow) => row.override ?? row.file ?? '';

/** Rows whose key, English text or text in the locale holds the query (case ignored). */
export const searchRows = (rows: readonly TMessageRow[], query: string, limit = 100) => {
  const q = query.trim().toLowerCase();
  const hits = q
    ? rows.filter((r) => [r.key, r.english, effectiveText(r)].some((text) => text.toLowerCase().includes(q)))
    : rows.filter((r) => r.override !== undefined);
  return { rows: hits.slice(0, limit), total: hits.length };
};

/** Keys English has that the locale lacks or leaves empty, after the overrides. */
export const missingRows = (rows: readonly TMessageRow[]) =>
  rows.filter((r) => r.english.trim() !== '' && effectiveText(r).trim() === '');

const rowOf = async (db: TDb, contentDir: string, locale: string, key: string) => {
  if (!(await isKnownLocale(db, locale))) throw invalidParameters({ locale: 'wrongField' });
  const row = (await messageRows(db, contentDir, locale)).find((r) => r.key === key);
  if (!row) throw invalidParameters({ key: 'notFound' });
  return row;
};

/** The placeholders a text has that the English message does not, and those it lost. */
export const placeholderMismatch = (english: string, text: string) => {
  const want = placeholders(english);
  const got = placeholders(text);
  return {
    extra: got.filter((p) => !want.includes(p)),
    missing: want.filter((p) => !got.includes(p)),
  };
};

const refreshTranslator = async (db: TDb, contentDir: string) => {
  invalidateMessages(db);
  configureTranslator(contentDir, await allOverrides(db));
};

/** Checks and saves an override; returns the row as it was (for the audit). */
export const saveOverride = async (
  db: TDb,
  contentDir: string,
  input: { locale: string; key: string; value: string; now: Date },
) => {
  const before = await rowOf(db, contentDir, input.locale, input.key);
  if (!input.value.trim()) throw invalidParameters({ value: 'requiredField' });
  if (input.value.length > OVERRIDE_MAX_LENGTH) throw invalidParameters({ value: 'maxLength' });
  const mismatch = placeholderMismatch(before.english, input.value);
  if (mismatch.extra.length || mismatch.missing.length) throw invalidParameters({ value: 'placeholders' });
  await db
    .insert(translationOverrides)
    .values({ locale: input.locale, key: input.key, value: input.value, updatedAt: input.now })
    .onConflictDoUpdate({
      target: [translationOverrides.locale, translationOverrides.key],
      set: { value: input.value, updatedAt: input.now },
    });
  await refreshTranslator(db, contentDir);
  return before;
};

/** Removes an override (the file's text shows again); returns the row as it was, or null when none was set. */
export const removeOverride = async (db: TDb, contentDir: string, locale: string, key: string) => {
  const before = await rowOf(db, contentDir, locale, key);
  if (before.override === undefined) return null;
  await db
    .delete(translationOverrides)
    .where(and(eq(translationOverrides.locale, locale), eq(translationOverrides.key, key)));
  await refreshTranslator(db, contentDir);
  return before;
};
