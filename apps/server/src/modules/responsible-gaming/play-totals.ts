/**
 * Real-money play totals of a player since a moment, read from the ledger (the one record of money moved):
 * stakes (bets less rolled-back bets) and wins on the main account. Net loss = staked − won.
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';

export interface TPlayTotals {
  staked: bigint;
  won: bigint;
}

export const playTotalsSince = async (db: TExecutor, playerId: number, since: Date): Promise<TPlayTotals> => {
  const [row] = await queryRows<{ bets: unknown; wins: unknown; returned: unknown }>(
    db,
    sql`select
          coalesce(sum(case when t.kind = 'game.bet' then -e.amount else 0 end), 0)::text as bets,
          coalesce(sum(case when t.kind = 'game.win' then e.amount else 0 end), 0)::text as wins,
          coalesce(sum(case when t.kind = 'game.rollback' then e.amount else 0 end), 0)::text as returned
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_transactions t on t.id = e.transaction_id
        where a.player_id = ${playerId} and a.kind = 'main'
          and t.kind in ('game.bet', 'game.win', 'game.rollback') and t.created_at > ${since}`,
  );
  const bets = BigInt(String(row?.bets ?? 0));
  const returned = BigInt(String(row?.returned ?? 0));
  return { staked: bets - returned, won: BigInt(String(row?.wins ?? 0)) };
};

export const netLossSince = async (db: TExecutor, playerId: number, since: Date) => {
  const totals = await playTotalsSince(db, playerId, since);
  return totals.staked - totals.won;
};
