/**
 * What the back-office does with content pages (the metadata module owns content_pages): list them with their
 * locales, read one row whatever its visibility, save a page's title, SEO description and markdown body for a
 * locale (creating the row; an edited row is never overwritten by the seed), hide or show a page in every locale.
 * The site reads them through `GET /nfx/pages/{locale}/{slug}` (hidden pages answer 404), uncached.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { contentPages } from './schema.ts';

export const PAGE_LIMITS = { title: 200, description: 500, body: 100_000 } as const;
export const PAGE_SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export interface TPageRow {
  slug: string;
  locale: string;
  title: string;
  description: string;
  body: string;
  hidden: boolean;
  editedAt: Date | null;
  updatedAt: Date;
}

const columns = {
  slug: contentPages.slug,
  locale: contentPages.locale,
  title: contentPages.title,
  description: contentPages.description,
  body: contentPages.body,
  hidden: contentPages.hidden,
  editedAt: contentPages.editedAt,
  updatedAt: contentPages.updatedAt,
};

/** Every page row, by slug then locale. */
export const listPageRows = (db: TDb): Promise<TPageRow[]> =>
  db.select(columns).from(contentPages).orderBy(asc(contentPages.slug), asc(contentPages.locale));

export const findPageRow = async (db: TDb, slug: string, locale: string): Promise<TPageRow | null> => {
  const [row] = await db
    .select(columns)
    .from(contentPages)
    .where(and(eq(contentPages.slug, slug), eq(contentPages.locale, locale)));
  return row ?? null;
};

export const pageExists = async (db: TDb, slug: string) =>
  (
    await db
      .select({ slug: contentPages.slug })
      .from(contentPages)
      .where(eq(contentPages.slug, slug))
      .limit(1)
  ).length > 0;

/** Refuses what cannot be stored: a title required, each text within its limit (NUL is refused upstream). */
export const checkPageInput = (input: { title: string; description: string; body: string }) => {
  const problems: Record<string, string> = {};
  if (!input.title.trim()) problems.title = 'requiredField';
  else if (input.title.length > PAGE_LIMITS.title) problems.title = 'maxLength';
  if (input.description.length > PAGE_LIMITS.description) problems.description = 'maxLength';
  if (input.body.length > PAGE_LIMITS.body) problems.body = 'maxLength';
  if (Object.keys(problems).length) throw invalidParameters(problems);
};

/** Saves a page's locale (inserting it when new); marks it edited so the seed leaves it alone. */
export const savePage = async (
  db: TDb,
  input: { slug: string; locale: string; title: string; description: string; body: string; now: Date },
) => {
  if (!PAGE_SLUG.test(input.slug)) throw invalidParameters({ slug: 'wrongField' });
  checkPageInput(input);
  const { slug, locale, now } = input;
  const values = { title: input.title.trim(), description: input.description.trim(), body: input.body };
  const hidden = (await findPageRow(db, slug, locale))?.hidden ?? !(await isShown(db, slug));
  await db
    .insert(contentPages)
    .values({ slug, locale, ...values, hidden, sourceHash: 'operator', editedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [contentPages.slug, contentPages.locale],
      set: { ...values, editedAt: now, updatedAt: now },
    });
};

/** A page is shown when any of its rows is (a new page is shown). */
const isShown = async (db: TDb, slug: string) => {
  const rows = await db
    .select({ hidden: contentPages.hidden })
    .from(contentPages)
    .where(eq(contentPages.slug, slug));
  return rows.length === 0 || rows.some((r) => !r.hidden);
};

/** Hides or shows a page in every locale; false when there is no such page. */
export const setPageHidden = async (db: TDb, slug: string, hidden: boolean, now: Date) => {
  const rows = await db
    .update(contentPages)
    .set({ hidden, editedAt: now, updatedAt: now })
    .where(eq(contentPages.slug, slug))
    .returning({ slug: contentPages.slug });
  return rows.length > 0;
};
