/**
 * games.get: the game hall list. Every filter narrows one WHERE clause; `total` counts the whole match, the
 * page comes from offset and count. Default order: priority asc (spec §9), or the category's own order when
 * a category is asked for; sysname breaks ties so that paging is stable.
 */
import type { TGame, TGameSortKey, TGetGamesParams } from '@casino/contracts/calls/games';
import { and, asc, count, desc, eq, gte, inArray, lte, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../../platform/db/database.ts';
import { notAuthorized } from '../../../platform/http/app-error.ts';
import { pickFields, toGameItem } from './game-item.ts';
import { gameCategories, gameCategoryGames, gameLikes, gameProviders, games } from './schema.ts';

const SORT_COLUMNS = {
  priority: games.priority,
  name: games.name,
  popularity: games.popularity,
  released_at: games.releasedAt,
  rtp: games.rtp,
  min_bet: games.minBet,
  max_bet: games.maxBet,
} satisfies Record<TGameSortKey, unknown>;

/** Games a player may see: not hidden, from a studio that is not hidden. */
export const visibleGame = () =>
  and(
    eq(games.isHidden, false),
    sql`exists (select 1 from ${gameProviders} where ${gameProviders.sysname} = ${games.provider} and ${gameProviders.isHidden} = false)`,
  );

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const filters = (params: TGetGamesParams, playerId: number | null): SQL[] => {
  const where: SQL[] = [visibleGame() as SQL];
  const options = params.options ?? {};
  if (params.sysnames.length > 0) where.push(inArray(games.sysname, params.sysnames));
  if (params.types.length > 0) where.push(inArray(games.type, params.types));
  // The sportsbook is not a tile of the game hall: it shows up only when asked for.
  else if (params.sysnames.length === 0) where.push(ne(games.type, 'betting'));
  if (params.providers.length > 0) where.push(inArray(games.provider, params.providers));
  if (params.category)
    where.push(
      sql`exists (select 1 from ${gameCategoryGames} join ${gameCategories} on ${gameCategories.sysname} = ${gameCategoryGames.category}
            where ${gameCategoryGames.game} = ${games.sysname} and ${gameCategoryGames.category} = ${params.category}
            and ${gameCategories.isHidden} = false)`,
    );
  const query = params.query.trim();
  if (query) where.push(sql`lower(${games.name}) like ${`%${escapeLike(query.toLowerCase())}%`}`);
  if (options.layout) where.push(eq(games.layout, options.layout));
  if (options.volatility)
    where.push(
      inArray(
        games.volatility,
        Array.isArray(options.volatility) ? options.volatility : [options.volatility],
      ),
    );
  if (options.min_rtp !== undefined) where.push(gte(games.rtp, options.min_rtp.toFixed(2)));
  if (options.max_rtp !== undefined) where.push(lte(games.rtp, options.max_rtp.toFixed(2)));
  if (options.exclude_sysnames?.length) where.push(notInArray(games.sysname, options.exclude_sysnames));
  if (options.liked) {
    if (playerId === null) throw notAuthorized();
    where.push(
      sql`exists (select 1 from ${gameLikes} where ${gameLikes.game} = ${games.sysname} and ${gameLikes.playerId} = ${playerId})`,
    );
  }
  return where;
};

const ordering = (params: TGetGamesParams): SQL[] => {
  const fallbackDesc = params.order === 'desc';
  const by = params.sort_options.map(({ key, desc: explicit }) =>
    (explicit ?? fallbackDesc) ? desc(SORT_COLUMNS[key]) : asc(SORT_COLUMNS[key]),
  );
  if (by.length === 0) {
    if (params.category)
      by.push(
        (fallbackDesc ? desc : asc)(
          sql`(select ${gameCategoryGames.position} from ${gameCategoryGames} where ${gameCategoryGames.game} = ${games.sysname} and ${gameCategoryGames.category} = ${params.category})`,
        ),
      );
    by.push(fallbackDesc ? desc(games.priority) : asc(games.priority));
  }
  by.push(asc(games.sysname));
  return by;
};

/** The visible categories of each game, in category order. */
export const categoriesOf = async (db: TExecutor, sysnames: string[]) => {
  const map = new Map<string, string[]>(sysnames.map((s) => [s, []]));
  if (sysnames.length === 0) return map;
  const rows = await db
    .select({ game: gameCategoryGames.game, category: gameCategoryGames.category })
    .from(gameCategoryGames)
    .innerJoin(gameCategories, eq(gameCategories.sysname, gameCategoryGames.category))
    .where(and(inArray(gameCategoryGames.game, sysnames), eq(gameCategories.isHidden, false)))
    .orderBy(asc(gameCategories.priority), asc(gameCategories.sysname));
  for (const row of rows) map.get(row.game)?.push(row.category);
  return map;
};

export const listGames = async (
  db: TDb,
  params: TGetGamesParams,
  playerId: number | null,
): Promise<{ items: Partial<TGame>[]; total: number }> => {
  const where = and(...filters(params, playerId));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(games)
      .where(where)
      .orderBy(...ordering(params))
      .limit(params.count)
      .offset(params.offset),
    db.select({ total: count() }).from(games).where(where),
  ]);
  const categories = await categoriesOf(
    db,
    rows.map((r) => r.sysname),
  );
  return {
    items: rows.map((row) => pickFields(toGameItem(row, categories.get(row.sysname) ?? []), params.fields)),
    total: Number(totals[0]?.total ?? 0),
  };
};
