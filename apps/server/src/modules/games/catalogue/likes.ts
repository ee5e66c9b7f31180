/** Favourites: a player's liked games, as sysnames (spec §3: favourites are a list of sysnames). */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../../platform/db/database.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { visibleGame } from './list-games.ts';
import { gameLikes, games } from './schema.ts';

/** The player's favourites that are still visible, newest first; `only` narrows them to some sysnames. */
export const readLikes = async (db: TDb, playerId: number, only: string[] = []) => {
  const rows = await db
    .select({ sysname: gameLikes.game })
    .from(gameLikes)
    .innerJoin(games, eq(games.sysname, gameLikes.game))
    .where(
      and(
        eq(gameLikes.playerId, playerId),
        visibleGame(),
        only.length > 0 ? inArray(gameLikes.game, only) : undefined,
      ),
    )
    .orderBy(desc(gameLikes.createdAt), desc(gameLikes.game));
  return { sysnames: rows.map((r) => r.sysname) };
};

const findGame = async (db: TDb, sysname: string, mustBeVisible: boolean) => {
  const [row] = await db
    .select({ sysname: games.sysname })
    .from(games)
    .where(and(eq(games.sysname, sysname), mustBeVisible ? visibleGame() : undefined));
  if (!row) throw invalidParameters({ sysname: 'wrongField' });
  return row.sysname;
};

export const addLike = async (db: TDb, playerId: number, sysname: string, now: Date) => {
  const game = await findGame(db, sysname, true);
  await db.insert(gameLikes).values({ playerId, game, createdAt: now }).onConflictDoNothing();
  return readLikes(db, playerId);
};

/** A hidden game can still be taken off the favourites. */
export const removeLike = async (db: TDb, playerId: number, sysname: string) => {
  const game = await findGame(db, sysname, false);
  await db.delete(gameLikes).where(and(eq(gameLikes.playerId, playerId), eq(gameLikes.game, game)));
  return readLikes(db, playerId);
};
