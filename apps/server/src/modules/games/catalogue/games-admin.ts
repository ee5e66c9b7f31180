/**
 * The operators' side of the catalogue (the back-office's games pages, docs/decisions/027): find games, show or
 * hide one. Each change runs in one transaction with the caller's audit, then GAMES_CHANGED on the bus drops every
 * instance's copy of the catalogue (play refuses a hidden game at once; games.get reads the table).
 */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { TChangeAudit } from '../../../platform/change-audit.ts';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { GAMES_CHANGED } from './games-changed.ts';
import { gameCategoryGames, gameProviders, games } from './schema.ts';

export const GAME_STATUSES = ['visible', 'hidden'] as const;
export type TGameStatus = (typeof GAME_STATUSES)[number];

export interface TOperatorGameFilter {
  query?: string;
  provider?: string;
  kind?: string;
  status?: TGameStatus;
}

export interface TOperatorGame {
  sysname: string;
  name: string;
  provider: string;
  kind: string;
  /** Theoretical RTP, percent. */
  rtp: number;
  isHidden: boolean;
  /** The studio is hidden: the game is not shown whatever its own status. */
  providerHidden: boolean;
  categories: string[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const selectGames = async (db: TExecutor, where: SQL | undefined): Promise<TOperatorGame[]> => {
  const rows = await db
    .select({
      sysname: games.sysname,
      name: games.name,
      provider: games.provider,
      kind: games.type,
      rtp: games.rtp,
      isHidden: games.isHidden,
      providerHidden: gameProviders.isHidden,
      categories: sql<
        string[] | null
      >`(select array_agg(${gameCategoryGames.category} order by ${gameCategoryGames.category})
        from ${gameCategoryGames} where ${gameCategoryGames.game} = ${games.sysname})`,
    })
    .from(games)
    .leftJoin(gameProviders, eq(gameProviders.sysname, games.provider))
    .where(where)
    .orderBy(asc(games.name), asc(games.sysname));
  return rows.map((r) => ({
    ...r,
    rtp: Number(r.rtp),
    providerHidden: r.providerHidden === true,
    categories: r.categories ?? [],
  }));
};

/** Every game matching the filter (the catalogue is hundreds of games, not millions: no paging). */
export const listGamesForOperator = (db: TExecutor, f: TOperatorGameFilter) => {
  const where: SQL[] = [];
  const query = f.query?.trim().toLowerCase();
  if (query)
    where.push(
      sql`(lower(${games.name}) like ${`%${escapeLike(query)}%`} or ${games.sysname} like ${`%${escapeLike(query)}%`})`,
    );
  if (f.provider) where.push(eq(games.provider, f.provider));
  if (f.kind) where.push(sql`${games.type} = ${f.kind}`);
  if (f.status) where.push(eq(games.isHidden, f.status === 'hidden'));
  return selectGames(db, and(...where));
};

export const gameForOperator = async (db: TExecutor, sysname: string) =>
  (await selectGames(db, eq(games.sysname, sysname)))[0] ?? null;

/** The studios and kinds the filter offers. */
export const gameFilterOptions = async (db: TExecutor) => {
  const [providers, kinds] = await Promise.all([
    db
      .select({ sysname: gameProviders.sysname, name: gameProviders.name })
      .from(gameProviders)
      .orderBy(asc(gameProviders.name)),
    db.selectDistinct({ kind: games.type }).from(games).orderBy(asc(games.type)),
  ]);
  return { providers, kinds: kinds.map((k) => k.kind) };
};

/** Shows or hides a game; answers false when it already was so (nothing recorded). */
export const setGameHidden = async (
  ctx: TAppContext,
  sysname: string,
  hidden: boolean,
  audit: TChangeAudit,
) => {
  const changed = await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isHidden: games.isHidden })
      .from(games)
      .where(eq(games.sysname, sysname))
      .for('update');
    if (!before) throw invalidParameters({ sysname: 'notFound' });
    if (before.isHidden === hidden) return false;
    await tx.update(games).set({ isHidden: hidden }).where(eq(games.sysname, sysname));
    await audit(tx, {
      action: hidden ? 'games.hide' : 'games.show',
      target: { type: 'game', id: sysname },
      before: { is_hidden: before.isHidden },
      after: { is_hidden: hidden },
    });
    return true;
  });
  if (changed) await ctx.bus.publish(GAMES_CHANGED, { sysname });
  return changed;
};
