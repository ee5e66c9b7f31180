/** games.getProviders and games.getCategories: studios and categories with counts of their visible games. */
import { PROVIDER_GAME_TYPES, type TGameType } from '@casino/contracts/calls/games';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { TDb } from '../../../platform/db/database.ts';
import { ipxUrl } from '../../../platform/images.ts';
import { visibleGame } from './list-games.ts';
import { gameCategories, gameCategoryGames, gameProviders, games } from './schema.ts';

export const listProviders = async (db: TDb, options: { types: TGameType[]; withGameParams: boolean }) => {
  const types = options.types.length > 0 ? options.types : PROVIDER_GAME_TYPES;
  const [providers, counts] = await Promise.all([
    db
      .select()
      .from(gameProviders)
      .where(eq(gameProviders.isHidden, false))
      .orderBy(asc(gameProviders.priority), asc(gameProviders.sysname)),
    db
      .select({ provider: games.provider, type: games.type, games: count() })
      .from(games)
      .where(and(visibleGame(), inArray(games.type, types)))
      .groupBy(games.provider, games.type),
  ]);
  const byProvider = new Map<string, Record<string, number>>();
  for (const row of counts) {
    const entry = byProvider.get(row.provider) ?? {};
    entry[row.type] = Number(row.games);
    byProvider.set(row.provider, entry);
  }
  return providers
    .filter((p) => byProvider.has(p.sysname))
    .map((p) => {
      const typeCounts = byProvider.get(p.sysname) ?? {};
      return {
        sysname: p.sysname,
        name: p.name,
        description: p.description,
        image_url: ipxUrl(p.logo, { width: 240, height: 80 }),
        priority: p.priority,
        ...(options.withGameParams
          ? {
              game_params: {
                games_count: Object.values(typeCounts).reduce((a, b) => a + b, 0),
                types: typeCounts,
              },
            }
          : {}),
      };
    });
};

export const listCategories = async (db: TDb) => {
  const rows = await db
    .select({
      sysname: gameCategories.sysname,
      name: gameCategories.name,
      icon: gameCategories.icon,
      priority: gameCategories.priority,
      homePosition: gameCategories.homePosition,
      games: count(games.sysname),
    })
    .from(gameCategories)
    .innerJoin(gameCategoryGames, eq(gameCategoryGames.category, gameCategories.sysname))
    .innerJoin(
      games,
      and(eq(games.sysname, gameCategoryGames.game), visibleGame(), ne(games.type, 'betting')),
    )
    .where(eq(gameCategories.isHidden, false))
    .groupBy(gameCategories.sysname)
    .orderBy(asc(gameCategories.priority), asc(gameCategories.sysname));
  return rows.map((row) => ({
    id: row.sysname,
    name: row.name,
    image_url: ipxUrl(row.icon, { width: 48, height: 48 }),
    priority: row.priority,
    home_position: row.homePosition,
    games_count: Number(row.games),
  }));
};
