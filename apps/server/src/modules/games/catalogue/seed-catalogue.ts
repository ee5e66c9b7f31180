/**
 * Seeds the catalogue from content/games, idempotently: rows that exist are left as they are (the operator may
 * have hidden, renamed or reordered them), new games and new categories are added with their memberships.
 */
import { toCents } from '@casino/contracts';
import type { TDb } from '../../../platform/db/database.ts';
import { artPaths, type TCatalogueContent } from './content.ts';
import { gameCategories, gameCategoryGames, gameProviders, games } from './schema.ts';

export const seedCatalogue = async (db: TDb, content: TCatalogueContent) =>
  db.transaction(async (tx) => {
    if (content.providers.length > 0)
      await tx
        .insert(gameProviders)
        .values(
          content.providers.map((p) => ({
            sysname: p.sysname,
            name: p.name,
            description: p.description,
            logo: artPaths.provider(p.sysname),
            priority: p.priority,
          })),
        )
        .onConflictDoNothing();
    const newCategories = content.categories.length
      ? await tx
          .insert(gameCategories)
          .values(
            content.categories.map((c) => ({
              sysname: c.sysname,
              name: c.name,
              icon: artPaths.category(c.sysname),
              priority: c.priority,
              homePosition: c.home_position ?? null,
            })),
          )
          .onConflictDoNothing()
          .returning({ sysname: gameCategories.sysname })
      : [];
    const newGames = content.games.length
      ? await tx
          .insert(games)
          .values(
            content.games.map((g) => ({
              sysname: g.sysname,
              name: g.name,
              provider: g.provider,
              type: g.type,
              layout: g.layout,
              engine: g.engine,
              engineParams: g.params,
              rtp: g.rtp,
              volatility: g.volatility,
              lines: g.lines,
              minBet: toCents(g.min_bet),
              maxBet: toCents(g.max_bet),
              description: g.description,
              image: artPaths.game(g.sysname),
              imageVertical: artPaths.gameVertical(g.sysname),
              hasDemo: g.has_demo,
              priority: g.priority,
              popularity: g.popularity,
              releasedAt: g.released_at,
            })),
          )
          .onConflictDoNothing()
          .returning({ sysname: games.sysname })
      : [];

    const addedGames = new Set(newGames.map((g) => g.sysname));
    const addedCategories = new Set(newCategories.map((c) => c.sysname));
    const memberships = content.games.flatMap((game) =>
      game.categories
        .filter((category) => addedGames.has(game.sysname) || addedCategories.has(category))
        .map((category) => ({ category, game: game.sysname, position: game.priority })),
    );
    if (memberships.length > 0) await tx.insert(gameCategoryGames).values(memberships).onConflictDoNothing();
    return { games: addedGames.size, categories: addedCategories.size };
  });
