/** The wallet's answer for the reports module: per player and game, the real-money rounds started in a window. */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';

export interface TRoundReturns {
  playerId: number;
  game: string;
  provider: string;
  rounds: number;
  /** Σ win/stake and Σ (win/stake)² over the rounds: the mean and variance of a round's return. */
  returnSum: number;
  returnSqSum: number;
}

export const roundReturnsBetween = async (db: TExecutor, from: Date, to: Date): Promise<TRoundReturns[]> => {
  const rows = await queryRows<{
    player_id: string;
    game: string;
    provider: string;
    rounds: number;
    return_sum: number | string;
    return_sq_sum: number | string;
  }>(
    db,
    sql`select player_id::text as player_id, game, provider, count(*)::int as rounds,
          sum(win_total::float8 / bet_total) as return_sum,
          sum((win_total::float8 / bet_total) ^ 2) as return_sq_sum
        from game_rounds
        where created_at >= ${from} and created_at < ${to} and mode = 'real' and bet_total > 0
          and status <> 'rolled_back'
        group by 1, 2, 3`,
  );
  return rows.map((r) => ({
    playerId: Number(r.player_id),
    game: r.game,
    provider: r.provider,
    rounds: Number(r.rounds),
    returnSum: Number(r.return_sum),
    returnSqSum: Number(r.return_sq_sum),
  }));
};

export interface TGameVolume {
  game: string;
  currency: string;
  rounds: number;
  /** Minor units. */
  stakes: bigint;
  wins: bigint;
}

/**
 * Live volume per game and currency (the back-office's games pages): real-money rounds started in the window, not
 * rolled back; `games` narrows it (empty: every game). Money is never added across currencies.
 */
export const gameVolumeBetween = async (
  db: TExecutor,
  from: Date,
  to: Date,
  games: string[] = [],
): Promise<TGameVolume[]> => {
  const rows = await queryRows<{
    game: string;
    currency: string;
    rounds: number;
    stakes: string;
    wins: string;
  }>(
    db,
    sql`select r.game, p.currency, count(*)::int as rounds, sum(r.bet_total)::text as stakes,
          sum(r.win_total)::text as wins
        from game_rounds r join players_summary_v p on p.id = r.player_id
        where r.created_at >= ${from} and r.created_at < ${to} and r.mode = 'real' and r.bet_total > 0
          and r.status <> 'rolled_back'
          ${games.length > 0 ? sql`and r.game in (select jsonb_array_elements_text(${JSON.stringify(games)}::jsonb))` : sql``}
        group by 1, 2 order by 1, 2`,
  );
  return rows.map((r) => ({
    game: r.game,
    currency: r.currency,
    rounds: Number(r.rounds),
    stakes: BigInt(r.stakes),
    wins: BigInt(r.wins),
  }));
};

/** How far back a round still counts as open: older rounds count as settled (their stake in GGR) from then on. */
export const OPEN_ROUND_WINDOW_MS = 86_400_000;

/**
 * Per player and game, the stakes of the real-money rounds open at `at`: started in the day before it and, now,
 * still open or closed at or after it (a round's stakes as they are now).
 */
export const openRoundStakesAt = async (
  db: TExecutor,
  at: Date,
): Promise<{ playerId: number; game: string; stakes: bigint }[]> => {
  const rows = await queryRows<{ player_id: string; game: string; stakes: string }>(
    db,
    sql`select player_id::text as player_id, game, sum(bet_total)::text as stakes from game_rounds
        where created_at >= ${new Date(at.getTime() - OPEN_ROUND_WINDOW_MS)} and created_at < ${at}
          and mode = 'real' and bet_total > 0 and (status = 'open' or updated_at >= ${at})
        group by 1, 2`,
  );
  return rows.map((r) => ({ playerId: Number(r.player_id), game: r.game, stakes: BigInt(r.stakes) }));
};
