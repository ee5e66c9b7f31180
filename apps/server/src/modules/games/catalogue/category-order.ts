/**
 * The order of the game hall's categories (priority, ascending) and of the home page's game rows (home_position,
 * 0 first; null: not a home row), as the operator sets them in the back-office. games.getCategories answers both,
 * the site orders its home rows by home_position. One transaction, audited with every category's before and after.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { TChangeAudit } from '../../../platform/change-audit.ts';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { GAMES_CHANGED } from './games-changed.ts';
import { gameCategories, gameCategoryGames } from './schema.ts';

export const MAX_PRIORITY = 100_000;
export const MAX_HOME_POSITION = 999;

export interface TOperatorCategory {
  sysname: string;
  name: string;
  priority: number;
  homePosition: number | null;
  isHidden: boolean;
  games: number;
}

export interface TCategoryOrder {
  sysname: string;
  priority: number;
  homePosition: number | null;
}

export const listCategoriesForOperator = async (db: TExecutor): Promise<TOperatorCategory[]> => {
  const rows = await db
    .select({
      sysname: gameCategories.sysname,
      name: gameCategories.name,
      priority: gameCategories.priority,
      homePosition: gameCategories.homePosition,
      isHidden: gameCategories.isHidden,
      games: count(gameCategoryGames.game),
    })
    .from(gameCategories)
    .leftJoin(gameCategoryGames, eq(gameCategoryGames.category, gameCategories.sysname))
    .groupBy(gameCategories.sysname)
    .orderBy(asc(gameCategories.priority), asc(gameCategories.sysname));
  return rows.map((r) => ({ ...r, games: Number(r.games) }));
};

const validOrder = (o: TCategoryOrder) =>
  Number.isSafeInteger(o.priority) &&
  o.priority >= 0 &&
  o.priority <= MAX_PRIORITY &&
  (o.homePosition === null ||
    (Number.isSafeInteger(o.homePosition) && o.homePosition >= 0 && o.homePosition <= MAX_HOME_POSITION));

/**
 * Sets the order of the categories named (every one must exist; the others keep theirs). Answers how many changed;
 * nothing is recorded when nothing changed.
 */
export const setCategoryOrder = async (ctx: TAppContext, orders: TCategoryOrder[], audit: TChangeAudit) => {
  if (orders.length === 0) return 0;
  if (!orders.every(validOrder)) throw invalidParameters({ priority: 'wrongField' });
  if (new Set(orders.map((o) => o.sysname)).size !== orders.length)
    throw invalidParameters({ category: 'wrongField' });
  const changed = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select({
        sysname: gameCategories.sysname,
        priority: gameCategories.priority,
        homePosition: gameCategories.homePosition,
      })
      .from(gameCategories)
      .for('update');
    const current = new Map(rows.map((r) => [r.sysname, r]));
    if (orders.some((o) => !current.has(o.sysname))) throw invalidParameters({ category: 'notFound' });
    const before: Record<string, unknown> = {};
    const after: Record<string, unknown> = {};
    for (const o of orders) {
      const was = current.get(o.sysname);
      if (!was || (was.priority === o.priority && was.homePosition === o.homePosition)) continue;
      await tx
        .update(gameCategories)
        .set({ priority: o.priority, homePosition: o.homePosition })
        .where(eq(gameCategories.sysname, o.sysname));
      before[o.sysname] = { priority: was.priority, home_position: was.homePosition };
      after[o.sysname] = { priority: o.priority, home_position: o.homePosition };
    }
    const n = Object.keys(after).length;
    if (n > 0)
      await audit(tx, {
        action: 'games.categories_order',
        target: { type: 'game_categories', id: 'order' },
        before,
        after,
      });
    return n;
  });
  if (changed > 0) await ctx.bus.publish(GAMES_CHANGED, {});
  return changed;
};
