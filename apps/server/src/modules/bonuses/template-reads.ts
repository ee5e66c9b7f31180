/**
 * The bonus engine's reads for the modules that name its templates and bonuses (campaigns' promo codes, cashback
 * programs and promotions): they ask here instead of reading the engine's tables.
 */
import { eq, inArray } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { bonusTemplates, playerBonuses, type TBonusTemplate, type TPlayerBonus } from './schema.ts';

export const findTemplateBySysname = async (
  db: TExecutor,
  sysname: string,
): Promise<TBonusTemplate | undefined> =>
  (await db.select().from(bonusTemplates).where(eq(bonusTemplates.sysname, sysname)).limit(1))[0];

/** The sysnames of these templates (one query for a page of rows that name them). */
export const templateSysnames = async (db: TExecutor, ids: readonly (number | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: bonusTemplates.id, sysname: bonusTemplates.sysname })
    .from(bonusTemplates)
    .where(inArray(bonusTemplates.id, wanted));
  return new Map(rows.map((r) => [r.id, r.sysname]));
};

/** Where these granted bonuses stand: their status and amount (one query for a page of rows that name them). */
export const bonusStates = async (db: TExecutor, ids: readonly (number | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map<number, Pick<TPlayerBonus, 'status' | 'amount'>>();
  const rows = await db
    .select({ id: playerBonuses.id, status: playerBonuses.status, amount: playerBonuses.amount })
    .from(playerBonuses)
    .where(inArray(playerBonuses.id, wanted));
  return new Map(rows.map((r) => [r.id, { status: r.status, amount: r.amount }]));
};
