/** The catalogue lookup play needs: a visible game's engine, its fixed engine parameters and its stake limits. */
import { getEngine } from '@casino/games';
import { eq } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/database.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { games } from '../catalogue/schema.ts';

export interface TPlayableGame {
  sysname: string;
  name: string;
  type: string;
  engine: string;
  engineParams: Record<string, unknown>;
  minBet: bigint;
  maxBet: bigint;
  hasDemo: boolean;
}

/** A game of ours that can be played; an unknown, hidden or non-engine game (the sportsbook) is wrongField. */
export const findPlayableGame = async (db: TExecutor, sysname: string): Promise<TPlayableGame> => {
  const [row] = await db.select().from(games).where(eq(games.sysname, sysname)).limit(1);
  if (!row || row.isHidden) throw invalidParameters({ sysname: 'wrongField' });
  try {
    getEngine(row.engine);
  } catch {
    throw invalidParameters({ sysname: 'wrongField' });
  }
  return {
    sysname: row.sysname,
    name: row.name,
    type: row.type,
    engine: row.engine,
    engineParams: row.engineParams ?? {},
    minBet: row.minBet,
    maxBet: row.maxBet,
    hasDemo: row.hasDemo,
  };
};

/** Names of games by sysname (history and winners). */
export const gameNames = async (db: TExecutor, sysnames: string[]) => {
  const unique = [...new Set(sysnames)];
  if (unique.length === 0) return new Map<string, string>();
  const rows = await db.select({ sysname: games.sysname, name: games.name }).from(games);
  return new Map(rows.filter((r) => unique.includes(r.sysname)).map((r) => [r.sysname, r.name]));
};
