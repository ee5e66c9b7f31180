/** A player's play on the main balance since a moment, from the ledger (what responsible gaming limits and shows). */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';

export interface TPlayTotals {
  /** Bets less the bets rolled back. */
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
