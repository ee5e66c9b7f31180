/**
 * The ledger's answers for the reports module: a window's movements of player money grouped by player, account,
 * kind, game and product (every kind: none is left out); the house movements a report shows beside them; the
 * players' balances at an instant; when players first deposited. Demo money (`fun`) is left out.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, toBigInt } from './sql.ts';

export interface TMovementGroup {
  playerId: number;
  /** The player account moved: main, bonus, betting_bonus. */
  account: string;
  kind: string;
  /** What a kind's line is split by: a loyalty reward's source (level, quest, order); '' otherwise. */
  detail: string;
  game: string;
  product: string;
  /** Signed sum on the player's account, in cents. */
  amount: bigint;
  count: number;
}

export const playerMovementsBetween = async (
  db: TExecutor,
  from: Date,
  to: Date,
): Promise<TMovementGroup[]> => {
  const rows = await queryRows<{
    player_id: string;
    account: string;
    kind: string;
    detail: string;
    game: string;
    product: string;
    amount: string;
    n: number;
  }>(
    db,
    sql`select a.player_id::text as player_id, a.kind as account, t.kind,
          case when t.kind = 'loyalty.reward' then split_part(t.reference, ':', 2) else '' end as detail,
          coalesce(t.meta->>'game', '') as game, coalesce(t.meta->>'product', '') as product,
          sum(e.amount)::text as amount, count(*)::int as n
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
        where t.created_at >= ${from} and t.created_at < ${to} and a.player_id is not null and a.kind <> 'fun'
        group by 1, 2, 3, 4, 5, 6`,
  );
  return rows.map((r) => ({
    playerId: Number(r.player_id),
    account: r.account,
    kind: r.kind,
    detail: r.detail,
    game: r.game,
    product: r.product,
    amount: toBigInt(r.amount),
    count: Number(r.n),
  }));
};

export interface THouseMovement {
  kind: string;
  /** The player it concerns (a paid withdrawal), or null (a jackpot contribution of a batch of stakes). */
  playerId: number | null;
  /** The jackpot a contribution went to (its reference); '' otherwise. */
  jackpot: string;
  /** Cents paid out (a withdrawal) or moved to the pools (jackpot contributions net of their rollbacks). */
  amount: bigint;
  count: number;
}

/**
 * Movements of house money only, which a report shows beside the players': withdrawals paid (the player is on the
 * hold with the same reference) and jackpot contributions (house:games to the pools).
 */
export const houseMovementsBetween = async (
  db: TExecutor,
  from: Date,
  to: Date,
): Promise<THouseMovement[]> => {
  const rows = await queryRows<{
    kind: string;
    player_id: string | null;
    jackpot: string;
    amount: string;
    n: number;
  }>(
    db,
    sql`select t.kind, a.player_id::text as player_id, '' as jackpot, sum(e.amount)::text as amount,
          count(*)::int as n
        from ledger_transactions t
        join ledger_transactions h on h.reference = t.reference and h.kind = 'withdrawal.hold'
        join ledger_entries e on e.transaction_id = h.id
        join ledger_accounts a on a.id = e.account_id and a.player_id is not null
        where t.kind = 'withdrawal.approved' and t.created_at >= ${from} and t.created_at < ${to}
        group by 1, 2
      union all
        select t.kind, null, coalesce(t.reference, ''), (-sum(e.amount))::text, count(*)::int
        from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.code = 'house:games'
        where t.kind = 'jackpot.contribution' and t.created_at >= ${from} and t.created_at < ${to}
        group by 1, 2, 3`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    playerId: r.player_id === null ? null : Number(r.player_id),
    jackpot: r.jackpot,
    // The hold took the money from the player (negative there): paid out is its opposite.
    amount: r.kind === 'withdrawal.approved' ? -toBigInt(r.amount) : toBigInt(r.amount),
    count: Number(r.n),
  }));
};

export interface TBalanceGroup {
  currency: string;
  country: string;
  /** The group's players' main + bonus + betting_bonus at each instant asked, cents, in the order asked. */
  at: bigint[];
}

/**
 * The players' balances (main + bonus + betting_bonus) at each instant, per group of players, measured from the
 * ledger: the balances now less every entry posted at or after the instant. `groups` is a query answering
 * (player_id, currency, country), the players module's.
 */
export const playerBalancesAt = async (
  db: TExecutor,
  instants: Date[],
  groups: SQL,
): Promise<TBalanceGroup[]> => {
  const earliest = new Date(Math.min(...instants.map((at) => at.getTime())));
  const later = instants.map(
    (at, i) =>
      sql`, coalesce(sum(e.amount) filter (where t.created_at >= ${at}), 0) as after_${sql.raw(String(i))}`,
  );
  const columns = instants.map(
    (_, i) =>
      sql`, (sum(b.balance) - coalesce(sum(l.after_${sql.raw(String(i))}), 0))::text as at_${sql.raw(String(i))}`,
  );
  const rows = await queryRows<Record<string, string>>(
    db,
    sql`with b as (
          select player_id, sum(balance) as balance from ledger_accounts
          where player_id is not null and kind <> 'fun' group by player_id),
        l as (
          select a.player_id ${sql.join(later, sql``)}
          from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id
          join ledger_accounts a on a.id = e.account_id
          where t.created_at >= ${earliest} and a.player_id is not null and a.kind <> 'fun'
          group by a.player_id)
        select g.currency, g.country ${sql.join(columns, sql``)}
        from b join (${groups}) g on g.player_id = b.player_id
        left join l on l.player_id = b.player_id
        group by g.currency, g.country`,
  );
  return rows.map((r) => ({
    currency: r.currency ?? '',
    country: r.country ?? '',
    at: instants.map((_, i) => toBigInt(r[`at_${i}`])),
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
