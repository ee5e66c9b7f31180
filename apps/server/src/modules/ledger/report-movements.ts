/**
 * The ledger's answers for the reports module: a window's player movements grouped by player, account, kind,
 * game and product, and when players first deposited. Demo money (`fun`) is left out.
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, toBigInt } from './sql.ts';

export interface TMovementGroup {
  playerId: number;
  /** The player account moved: main, bonus, betting_bonus. */
  account: string;
  kind: string;
  game: string;
  product: string;
  /** Signed sum on the player's account, in cents. */
  amount: bigint;
  count: number;
}

/** The transaction kinds a report reads; withdrawals are read at approval (see below). */
const REPORTED = sql`(t.kind in ('game.bet', 'game.win', 'game.rollback', 'deposit')
  or t.kind like 'bonus.%' or t.kind like 'sportsbook.%')`;

export const playerMovementsBetween = async (
  db: TExecutor,
  from: Date,
  to: Date,
): Promise<TMovementGroup[]> => {
  const rows = await queryRows<{
    player_id: string;
    account: string;
    kind: string;
    game: string;
    product: string;
    amount: string;
    n: number;
  }>(
    db,
    sql`select a.player_id::text as player_id, a.kind as account, t.kind, coalesce(t.meta->>'game', '') as game,
          coalesce(t.meta->>'product', '') as product, sum(e.amount)::text as amount, count(*)::int as n
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
        where t.created_at >= ${from} and t.created_at < ${to} and ${REPORTED}
          and a.player_id is not null and a.kind <> 'fun'
        group by 1, 2, 3, 4, 5
      union all
        -- An approved withdrawal moves house money only; its player is on the hold with the same reference.
        select a.player_id::text, a.kind, t.kind, '', '', sum(e.amount)::text, count(*)::int
        from ledger_transactions t
        join ledger_transactions h on h.reference = t.reference and h.kind = 'withdrawal.hold'
        join ledger_entries e on e.transaction_id = h.id
        join ledger_accounts a on a.id = e.account_id and a.player_id is not null
        where t.kind = 'withdrawal.approved' and t.created_at >= ${from} and t.created_at < ${to}
        group by 1, 2, 3`,
  );
  return rows.map((r) => ({
    playerId: Number(r.player_id),
    account: r.account,
    kind: r.kind,
    game: r.game,
    product: r.product,
    amount: toBigInt(r.amount),
    count: Number(r.n),
  }));
};

/** When each of these players' first deposit was posted (players who never deposited are absent). */
export const firstDepositTimes = async (db: TExecutor, playerIds: number[]): Promise<Map<number, Date>> => {
  if (playerIds.length === 0) return new Map();
  const rows = await queryRows<{ player_id: string; at: string | Date }>(
    db,
    sql`select a.player_id::text as player_id, min(t.created_at) as at
        from ledger_accounts a
        join ledger_entries e on e.account_id = a.id
        join ledger_transactions t on t.id = e.transaction_id and t.kind = 'deposit'
        where a.kind = 'main' and a.player_id in (${sql.join(
          playerIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        group by a.player_id`,
  );
  return new Map(rows.map((r) => [Number(r.player_id), new Date(r.at)]));
};
