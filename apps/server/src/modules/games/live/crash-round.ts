/**
 * A shared crash table's round: its row (live_table_rounds, beside the roulette tables'), its clock and its
 * public views. The timeline is fixed by the row, so every instance and every player reads the same flight:
 * betting from opened_at to closes_at, the flight from closes_at (the curve crashMultiplierAt(now − closes_at)),
 * the crash at closes_at + crashTimeFor(crash point), the next round CRASH_PAUSE_MS after it.
 */
import { toMajor } from '@casino/contracts';
import {
  CRASH_BETTING_SECONDS,
  crashMultiplierAt,
  crashPoint,
  crashTimeFor,
  RoundFloats,
} from '@casino/games';
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/database.ts';

export const CRASH_BETTING_MS = CRASH_BETTING_SECONDS * 1000;
/** The pause between the crash and the next round's betting window. */
export const CRASH_PAUSE_MS = 3_000;
/**
 * The restart rule: when no server ticked the round in the CRASH_OUTAGE_MS before its crash time, the table was
 * down at the crash; open bets then are returned (auto cash-outs at or below the crash point are still paid).
 */
export const CRASH_OUTAGE_MS = 5_000;
export const CRASH_ROUND_TOPIC = 'live.crash.round';
export const CRASH_BET_TOPIC = 'live.crash.bet';
export const CRASH_RECENT = 20;

export type TCrashPhase = 'betting' | 'flying' | 'crashed' | 'settled';

export type TCrashRow = {
  id: string;
  sysname: string;
  table_name: string;
  seq: unknown;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  phase: TCrashPhase;
  opened_at: string | Date;
  closes_at: string | Date;
  crash_point: number | null;
  crashed_at: string | Date | null;
  heartbeat_at: string | Date | null;
  interrupted: boolean;
};

export type TCrashBetRow = {
  round_id: string;
  seq: unknown;
  table_round_id: string;
  sysname: string;
  player_name: string;
  mode: 'real' | 'demo';
  stake: unknown;
  currency: string;
  auto_cashout: number | null;
  status: 'open' | 'cashed_out' | 'lost' | 'returned';
  cashout: number | null;
  win: unknown;
  created_at: string | Date;
};

const ms = (v: string | Date) => new Date(v).getTime();
const iso = (v: string | Date | number) => new Date(v).toISOString();

export const latestCrashRound = async (db: TExecutor, sysname: string) =>
  (
    await queryRows<TCrashRow>(
      db,
      sql`select * from live_table_rounds where sysname = ${sysname} order by seq desc limit 1`,
    )
  )[0];

export const crashRoundById = async (db: TExecutor, id: string) =>
  (await queryRows<TCrashRow>(db, sql`select * from live_table_rounds where id = ${id}`))[0];

/** The round's crash point in hundredths: float₀ of (server seed, table name, round number). */
export const crashPointOf = (row: TCrashRow) =>
  row.crash_point ?? crashPoint(new RoundFloats(row.server_seed, row.client_seed, Number(row.seq)).at(0));

export const flightStartOf = (row: TCrashRow) => ms(row.closes_at);
/** When the flight reaches the crash point: no cash-out is taken from then on. */
export const crashAtOf = (row: TCrashRow) => flightStartOf(row) + crashTimeFor(crashPointOf(row));
/** The multiplier (hundredths) the flight shows at `now`, by the server's clock. */
export const multiplierAt = (row: TCrashRow, now: number) => crashMultiplierAt(now - flightStartOf(row));
export const isRevealed = (row: TCrashRow) => row.phase === 'crashed' || row.phase === 'settled';

/** What every player sees of a round: the seed and crash point only once it has crashed. */
export const crashRoundEvent = (row: TCrashRow, now: Date) => {
  const revealed = isRevealed(row);
  const crashedAt = revealed ? (row.crashed_at ? ms(row.crashed_at) : crashAtOf(row)) : null;
  return {
    sysname: row.sysname,
    table: row.table_name,
    table_round_id: row.id,
    phase: row.phase,
    server_seed_hash: row.server_seed_hash,
    client_seed: row.client_seed,
    nonce: Number(row.seq),
    opened_at: iso(row.opened_at),
    betting_closes_at: iso(row.closes_at),
    /** The flight starts when betting closes: multiplier = crashMultiplierAt(ms since then). */
    flight_started_at: iso(row.closes_at),
    crash_point: revealed ? crashPointOf(row) / 100 : null,
    crashed_at: crashedAt === null ? null : iso(crashedAt),
    next_round_at: crashedAt === null ? null : iso(crashedAt + CRASH_PAUSE_MS),
    server_seed: revealed ? row.server_seed : null,
    interrupted: revealed ? row.interrupted : false,
    server_time: now.toISOString(),
  };
};

/** A bet as the round's players list shows it (no auto cash-out target: that is the player's own business). */
export const crashBetView = (b: TCrashBetRow) => ({
  round_id: b.round_id,
  /** The masked public name; empty for a visitor (the site shows "Guest"). */
  player: b.player_name,
  mode: b.mode,
  bet: toMajor(BigInt(String(b.stake))),
  currency: b.currency,
  status: b.status,
  cashout: b.cashout === null ? null : b.cashout / 100,
  win: toMajor(BigInt(String(b.win))),
});

export const crashBetsOf = async (db: TExecutor, tableRoundId: string) =>
  queryRows<TCrashBetRow>(
    db,
    sql`select * from crash_bets where table_round_id = ${tableRoundId} order by seq`,
  );

/** The recent crashed rounds of a table, newest first, with their revealed seeds. */
export const recentCrashes = async (db: TExecutor, sysname: string) => {
  const rows = await queryRows<TCrashRow>(
    db,
    sql`select * from live_table_rounds where sysname = ${sysname} and phase in ('crashed', 'settled')
        order by seq desc limit ${CRASH_RECENT}`,
  );
  return rows.map((r) => ({
    table_round_id: r.id,
    nonce: Number(r.seq),
    crash_point: crashPointOf(r) / 100,
    server_seed: r.server_seed,
    server_seed_hash: r.server_seed_hash,
    client_seed: r.client_seed,
    crashed_at: iso(r.crashed_at ?? crashAtOf(r)),
  }));
};
