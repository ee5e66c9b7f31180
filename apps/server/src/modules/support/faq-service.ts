/**
 * The support FAQ (ADR 028): one ordered list of questions and answers per locale in faq_lists/faq_items, seeded
 * from `support.faq.items` of content/locales/<locale>/support.json while no operator edited it, then the
 * database is the truth. The site keeps reading it where it always did — the messages of the locale — because
 * the i18n module lays this list over `support.faq.items` when it builds them (a locale without a list of its own
 * gets the English one). A change reaches this server's messages at once and the other servers' within 10 s.
 */
import { asc, eq } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import {
  contentHash,
  FALLBACK_LOCALE,
  invalidateMessages,
  listLocales,
  readLocaleMessages,
  type TMessages,
} from '../i18n/index.ts';
import { faqItems, faqLists } from './schema.ts';

export interface TFaqEntry {
  id: string;
  question: string;
  answer: string;
}

export const FAQ_LIMITS = { items: 100, question: 300, answer: 5_000 } as const;
/** Not a number: the items are an object keyed by id, whose order is the insertion order only for such keys. */
export const FAQ_ID = /^[a-z][a-z0-9_-]{0,39}$/;

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The FAQ of a locale's own messages file (none: []). */
export const readFaqFile = (contentDir: string, locale: string): TFaqEntry[] => {
  const items = asRecord(asRecord(asRecord(readLocaleMessages(contentDir, locale).support).faq).items);
  return Object.entries(items).flatMap(([id, value]) => {
    const { q, a } = asRecord(value);
    return typeof q === 'string' && typeof a === 'string' && FAQ_ID.test(id)
      ? [{ id, question: q, answer: a }]
      : [];
  });
};

const writeItems = async (tx: Pick<TDb, 'insert' | 'delete'>, locale: string, items: TFaqEntry[]) => {
  await tx.delete(faqItems).where(eq(faqItems.locale, locale));
  if (items.length)
    await tx.insert(faqItems).values(items.map((item, position) => ({ locale, position, ...item })));
};

/** Seeds each locale's list from its file; an unedited list follows its file, an edited one stays. */
export const seedFaq = async (db: TDb, contentDir: string) => {
  for (const { code } of await listLocales(db)) {
    const items = readFaqFile(contentDir, code);
    if (!items.length) continue;
    const sourceHash = contentHash(items);
    const [list] = await db.select().from(faqLists).where(eq(faqLists.locale, code));
    if (list && (list.editedAt || list.sourceHash === sourceHash)) continue;
    await db.transaction(async (tx) => {
      await tx
        .insert(faqLists)
        .values({ locale: code, sourceHash })
        .onConflictDoUpdate({ target: faqLists.locale, set: { sourceHash } });
      await writeItems(tx, code, items);
    });
  }
};

/** A locale's list in order; null when the locale has none. */
export const listFaq = async (db: TDb, locale: string): Promise<TFaqEntry[] | null> => {
  const [list] = await db.select().from(faqLists).where(eq(faqLists.locale, locale));
  if (!list) return null;
  return db
    .select({ id: faqItems.id, question: faqItems.question, answer: faqItems.answer })
    .from(faqItems)
    .where(eq(faqItems.locale, locale))
    .orderBy(asc(faqItems.position));
};

export const checkFaq = (items: readonly TFaqEntry[]) => {
  if (items.length > FAQ_LIMITS.items) throw invalidParameters({ faq: 'maxItems' });
  const ids = new Set<string>();
  for (const item of items) {
    if (!FAQ_ID.test(item.id) || ids.has(item.id)) throw invalidParameters({ id: 'wrongField' });
    ids.add(item.id);
    if (!item.question.trim()) throw invalidParameters({ question: 'requiredField' });
    if (item.question.length > FAQ_LIMITS.question) throw invalidParameters({ question: 'maxLength' });
    if (!item.answer.trim()) throw invalidParameters({ answer: 'requiredField' });
    if (item.answer.length > FAQ_LIMITS.answer) throw invalidParameters({ answer: 'maxLength' });
  }
};

/** Replaces a locale's list (checked); marks it edited so the seed leaves it alone. */
export const saveFaq = async (db: TDb, locale: string, items: TFaqEntry[], now: Date) => {
  checkFaq(items);
  await db.transaction(async (tx) => {
    await tx
      .insert(faqLists)
      .values({ locale, sourceHash: 'operator', editedAt: now, updatedAt: now })
      .onConflictDoUpdate({ target: faqLists.locale, set: { editedAt: now, updatedAt: now } });
    await writeItems(tx, locale, items);
  });
  invalidateMessages(db);
};

/** Lays the locale's list (else the English one) over `support.faq.items` of built messages. */
export const applyFaqToMessages = async (db: TDb, locale: string, messages: TMessages) => {
  const items = (await listFaq(db, locale)) ?? (await listFaq(db, FALLBACK_LOCALE));
  if (!items) return;
  if (typeof messages.support !== 'object') messages.support = {};
  const support = messages.support as TMessages;
  if (typeof support.faq !== 'object') support.faq = {};
  (support.faq as TMessages).items = Object.fromEntries(
    items.map((i) => [i.id, { q: i.question, a: i.answer }]),
  );
};
