/**
 * The catalogue lookup play needs: a visible game's engine, its fixed engine parameters and its stake limits.
 * Every bet reads it, and the catalogue changes rarely (seeding, an operator's edit), so the rows are kept in
 * memory per database for CATALOGUE_TTL_MS; GAMES_CHANGED on the bus drops them on every instance at once.
 */
import { getEngine } from '@casino/games';
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

export const CATALOGUE_TTL_MS = 10_000;

type TGameRow = typeof games.$inferSelect;
interface TCatalogueCopy {
  at: number;
  rows: Promise<Map<string, TGameRow>>;
  /** The rows once read (the last good copy stays here while a fresh one is read). */
  loaded: Map<string, TGameRow> | null;
}
const copies = new WeakMap<TExecutor, TCatalogueCopy>();

const catalogue = (db: TExecutor): Promise<Map<string, TGameRow>> => {
  const now = Date.now();
  const copy = copies.get(db);
  if (copy && now - copy.at < CATALOGUE_TTL_MS) return copy.rows;
  const fresh: TCatalogueCopy = { at: now, rows: Promise.resolve(new Map()), loaded: copy?.loaded ?? null };
  fresh.rows = db
    .select()
    .from(games)
    .then((list) => {
      fresh.loaded = new Map(list.map((row) => [row.sysname, row]));
      return fresh.loaded;
    });
  // A failed read is not kept: the next call asks again.
  fresh.rows.catch(() => copies.delete(db));
  copies.set(db, fresh);
  return fresh.rows;
};

/** Drops the copy of this database's catalogue (the bus's GAMES_CHANGED). */
export const forgetCatalogue = (db: TExecutor) => copies.delete(db);

/**
 * A game of ours that can be played; an unknown or non-engine game (the sportsbook) is wrongField, a game the
 * operator hid is gameHidden.
 */
export const findPlayableGame = async (db: TExecutor, sysname: string): Promise<TPlayableGame> => {
  const row = (await catalogue(db)).get(sysname);
  if (!row) throw invalidParameters({ sysname: 'wrongField' });
  if (row.isHidden) throw invalidParameters({ sysname: 'gameHidden' });
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

/** Can the game be played now (a banner pointing at it may show)? */
export const isGamePlayable = (db: TExecutor, sysname: string) =>
  findPlayableGame(db, sysname).then(
    () => true,
    () => false,
  );

/** Reads the catalogue again when its copy is older than CATALOGUE_TTL_MS. */
export const refreshCatalogue = async (db: TExecutor) => {
  await catalogue(db);
};

/**
 * The kind of a game (slot, casino, fast…) in the last copy read, without a query (it runs inside a bet's
 * transaction); 'unknown' when the catalogue does not list the sysname.
 */
export const knownGameKind = (db: TExecutor, sysname: string) =>
  copies.get(db)?.loaded?.get(sysname)?.type ?? 'unknown';

/** Names of games by sysname (history and winners). */
export const gameNames = async (db: TExecutor, sysnames: string[]) => {
  const all = await catalogue(db);
  const names = new Map<string, string>();
  for (const sysname of new Set(sysnames)) {
    const row = all.get(sysname);
    if (row) names.set(sysname, row.name);
  }
  return names;
};
