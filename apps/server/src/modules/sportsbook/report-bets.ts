/**
 * The sportsbook's answers for the reports module: the stakes of bets open at an instant (a liability, not revenue),
 * and the bets settled in a window that were voided, cancelled or cashed out (their stakes and payouts).
 */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { toBigInt } from '../ledger/index.ts';

/**
 * Per player, the total stakes of the bets open at `at`: placed before it and, now, still open or settled at or
 * after it. A bet reopened by a settlement's rollback is open from its placement again (the bet keeps no history).
 */
export const openBetStakesAt = async (db: TExecutor, at: Date): Promise<Map<number, bigint>> => {
  const rows = await queryRows<{ player_id: string; stakes: string }>(
    db,
    sql`select player_id::text as player_id, sum(total_stake)::text as stakes from sb_bets
        where placed_at < ${at} and (status = 'open' or settled_at >= ${at})
        group by player_id`,
  );
  return new Map(rows.map((r) => [Number(r.player_id), toBigInt(r.stakes)]));
};

export interface TSettledBets {
  playerId: number;
  /** void, cancelled or cashed_out */
  status: string;
  stakes: bigint;
  payouts: bigint;
  count: number;
}

/** Per player and status, the bets voided, cancelled or cashed out in the window: their stakes and payouts. */
export const voidedAndCashedOutBetween = async (
  db: TExecutor,
  from: Date,
  to: Date,
): Promise<TSettledBets[]> => {
  const rows = await queryRows<{
    player_id: string;
    status: string;
    stakes: string;
    payouts: string;
    n: number;
  }>(
    db,
    sql`select player_id::text as player_id, status, sum(total_stake)::text as stakes, sum(payout)::text as payouts,
          count(*)::int as n
        from sb_bets
        where settled_at >= ${from} and settled_at < ${to} and status in ('void', 'cancelled', 'cashed_out')
        group by 1, 2`,
  );
  return rows.map((r) => ({
    playerId: Number(r.player_id),
    status: r.status,
    stakes: toBigInt(r.stakes),
    payouts: toBigInt(r.payouts),
    count: Number(r.n),
  }));
};
