/**
 * Promo codes as operators make them (the back-office): the list with usage counts, one code at a time, batches of
 * single-use codes under a prefix (random suffixes from the injected random source), a code's uses, switching a
 * code off. A code is unique without regard to case (promo_codes_code), so a duplicate is refused, never stored.
 */
import type { Cents } from '@casino/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import type { TRandom } from '../../platform/providers.ts';
import { bonusStates, findTemplateById, findTemplateBySysname, templateSysnames } from '../bonuses/index.ts';
import { queryRows } from '../ledger/index.ts';
import { promoCodes, promoCodeUses, type TPromoCode } from './schema.ts';

export const CODES_PAGE_SIZE = 50;
export const MAX_BATCH = 1000;
export const CODE_PATTERN = /^[A-Za-z0-9_-]{2,40}$/;
export const PREFIX_PATTERN = /^[A-Za-z0-9]{2,20}$/;
/** No 0/O or 1/I/L: a code read aloud or copied from paper still works. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const SUFFIX_LENGTH = 8;

/** What a code gives and who may use it (the form's fields, parsed). */
export interface TPromoCodeTerms {
  template: string;
  /** The bonus in cents; the template's amount when null. */
  bonusAmount: Cents | null;
  maxUses: number | null;
  perPlayerLimit: number;
  newPlayerDays: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  isPublic: boolean;
}

export interface TPromoCodeRow extends TPromoCode {
  template: string | null;
}

const sysnameOf = (sysnames: Map<number, string>, id: number | null) =>
  id === null ? null : (sysnames.get(id) ?? null);

export const listPromoCodes = async (
  db: TExecutor,
  filter: { q: string; batch: string; page: number },
): Promise<{ rows: TPromoCodeRow[]; hasMore: boolean }> => {
  const q = filter.q
    .trim()
    .toUpperCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await db
    .select()
    .from(promoCodes)
    .where(
      and(
        q ? sql`upper(${promoCodes.code}) like ${`%${q}%`}` : undefined,
        filter.batch ? eq(promoCodes.batch, filter.batch) : undefined,
      ),
    )
    .orderBy(desc(promoCodes.id))
    .limit(CODES_PAGE_SIZE + 1)
    .offset(filter.page * CODES_PAGE_SIZE);
  const page = rows.slice(0, CODES_PAGE_SIZE);
  const sysnames = await templateSysnames(
    db,
    page.map((code) => code.templateId),
  );
  return {
    rows: page.map((code) => ({ ...code, template: sysnameOf(sysnames, code.templateId) })),
    hasMore: rows.length > CODES_PAGE_SIZE,
  };
};

export const findPromoCode = async (db: TExecutor, id: number): Promise<TPromoCodeRow | undefined> => {
  const [code] = await db.select().from(promoCodes).where(eq(promoCodes.id, id));
  if (!code) return undefined;
  const sysnames = await templateSysnames(db, [code.templateId]);
  return { ...code, template: sysnameOf(sysnames, code.templateId) };
};

/** The code's activations, newest first, with the bonus each gave and where that bonus stands. */
export const promoCodeUsage = async (db: TExecutor, id: number, limit = 200) => {
  const uses = await db
    .select({
      id: promoCodeUses.id,
      playerId: promoCodeUses.playerId,
      usedAt: promoCodeUses.usedAt,
      bonusId: promoCodeUses.bonusId,
    })
    .from(promoCodeUses)
    .where(eq(promoCodeUses.promoCodeId, id))
    .orderBy(desc(promoCodeUses.id))
    .limit(limit);
  const bonuses = await bonusStates(
    db,
    uses.map((u) => u.bonusId),
  );
  return uses.map((u) => {
    const bonus = u.bonusId === null ? undefined : bonuses.get(u.bonusId);
    return { ...u, bonusStatus: bonus?.status ?? null, bonusAmount: bonus?.amount ?? null };
  });
};

/**
 * The template's id; a template without an amount of its own (given with each grant) needs the code's amount,
 * else a player's activation would have nothing to grant.
 */
const templateIdOf = async (db: TExecutor, sysname: string, bonusAmount: Cents | null) => {
  const row = await findTemplateBySysname(db, sysname);
  if (!row) throw invalidParameters({ template: sysname ? 'wrongField' : 'requiredField' });
  if (bonusAmount === null && row.amount === null) throw invalidParameters({ bonus_amount: 'requiredField' });
  if (bonusAmount !== null && bonusAmount <= 0n) throw invalidParameters({ bonus_amount: 'wrongField' });
  return row.id;
};

const checkTerms = (terms: TPromoCodeTerms) => {
  if (terms.startsAt && terms.endsAt && terms.startsAt.getTime() >= terms.endsAt.getTime())
    throw invalidParameters({ ends_at: 'wrongField' });
};

const valuesOf = (terms: TPromoCodeTerms, templateId: number, now: Date) => ({
  templateId,
  bonusAmount: terms.bonusAmount,
  maxUses: terms.maxUses,
  perPlayerLimit: terms.perPlayerLimit,
  newPlayerDays: terms.newPlayerDays,
  startsAt: terms.startsAt,
  endsAt: terms.endsAt,
  isPublic: terms.isPublic,
  editedAt: now,
  createdAt: now,
  updatedAt: now,
});

/** One code with the operator's own text; a code taken (in any case) is refused as `code: taken`. */
export const createPromoCode = async (db: TExecutor, code: string, terms: TPromoCodeTerms, now: Date) => {
  if (!CODE_PATTERN.test(code)) throw invalidParameters({ code: 'wrongField' });
  checkTerms(terms);
  const templateId = await templateIdOf(db, terms.template, terms.bonusAmount);
  const [row] = await db
    .insert(promoCodes)
    .values({ code, ...valuesOf(terms, templateId, now) })
    .onConflictDoNothing()
    .returning();
  if (!row) throw invalidParameters({ code: 'taken' });
  return row;
};

const suffix = (random: TRandom) =>
  Array.from({ length: SUFFIX_LENGTH }, () => ALPHABET[random.int(ALPHABET.length)]).join('');

/**
 * `count` new codes `PREFIX-XXXXXXXX` with the same terms, marked with one batch name (to list them together).
 * A suffix that collides with an existing code is drawn again.
 */
export const generatePromoCodes = async (
  db: TExecutor,
  random: TRandom,
  input: { prefix: string; count: number; terms: TPromoCodeTerms },
  now: Date,
) => {
  if (!PREFIX_PATTERN.test(input.prefix)) throw invalidParameters({ prefix: 'wrongField' });
  if (!Number.isInteger(input.count) || input.count < 1 || input.count > MAX_BATCH)
    throw invalidParameters({ count: 'wrongField' });
  checkTerms(input.terms);
  const templateId = await templateIdOf(db, input.terms.template, input.terms.bonusAmount);
  const prefix = input.prefix.toUpperCase();
  const batch = `${prefix}-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${suffix(random).slice(0, 4)}`;
  const values = valuesOf(input.terms, templateId, now);
  const codes: string[] = [];
  for (let attempt = 0; codes.length < input.count && attempt < 10; attempt++) {
    const wanted = Array.from({ length: input.count - codes.length }, () => `${prefix}-${suffix(random)}`);
    const inserted = await db
      .insert(promoCodes)
      .values([...new Set(wanted)].map((code) => ({ code, batch, ...values })))
      .onConflictDoNothing()
      .returning({ code: promoCodes.code });
    codes.push(...inserted.map((r) => r.code));
  }
  if (codes.length < input.count) throw new Error(`promo code batch ${batch}: could not draw unique codes`);
  return { batch, codes };
};

/** Switches a code on or off; answers the state before (null when the code does not exist). */
export const setPromoCodeActive = async (db: TExecutor, id: number, isActive: boolean, now: Date) => {
  const [before] = await queryRows<{ is_active: boolean }>(
    db,
    sql`select is_active from promo_codes where id = ${id} for update`,
  );
  if (!before) throw invalidParameters({ id: 'notFound' });
  await db.update(promoCodes).set({ isActive, editedAt: now, updatedAt: now }).where(eq(promoCodes.id, id));
  return before.is_active;
};

/**
 * Sets a code's own bonus amount (null: its template's), which the next activation grants; answers the amount
 * before and after in cents as text for the audit (after null: nothing changed). Uses already made keep their bonus.
 */
export const setPromoCodeAmount = async (db: TExecutor, id: number, bonusAmount: Cents | null, now: Date) => {
  const [locked] = await db.select().from(promoCodes).where(eq(promoCodes.id, id)).for('update');
  if (!locked) throw invalidParameters({ id: 'notFound' });
  if (locked.templateId === null) throw invalidParameters({ template: 'requiredField' });
  const template = await findTemplateById(db, locked.templateId);
  await templateIdOf(db, template?.sysname ?? '', bonusAmount);
  const text = (cents: Cents | null) => (cents === null ? null : String(cents));
  const before = { bonus_amount: text(locked.bonusAmount) };
  const after = { bonus_amount: text(bonusAmount) };
  if (before.bonus_amount === after.bonus_amount) return { before, after: null };
  await db
    .update(promoCodes)
    .set({ bonusAmount, editedAt: now, updatedAt: now })
    .where(eq(promoCodes.id, id));
  return { before, after };
};

/** Every code of a batch, oldest first, with its template's sysname (the batch's CSV export). */
export const batchCodes = async (db: TExecutor, batch: string): Promise<TPromoCodeRow[]> => {
  const rows = await db.select().from(promoCodes).where(eq(promoCodes.batch, batch)).orderBy(promoCodes.id);
  const sysnames = await templateSysnames(
    db,
    rows.map((code) => code.templateId),
  );
  return rows.map((code) => ({ ...code, template: sysnameOf(sysnames, code.templateId) }));
};

/** Switches every code of a batch off; answers how many were on (0 when the batch was off already). */
export const switchOffBatch = async (db: TExecutor, batch: string, now: Date) => {
  const [any] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .where(eq(promoCodes.batch, batch))
    .limit(1);
  if (!any) throw invalidParameters({ batch: 'notFound' });
  const switched = await db
    .update(promoCodes)
    .set({ isActive: false, editedAt: now, updatedAt: now })
    .where(and(eq(promoCodes.batch, batch), eq(promoCodes.isActive, true)))
    .returning({ id: promoCodes.id });
  return switched.length;
};
