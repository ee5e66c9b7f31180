/**
 * The ledger's answers for the reports module: a window's movements of player money grouped by player, account,
 * kind, game and product (every kind: none is left out); the house movements a report shows beside them; the
 * players' balances at an instant; when players first deposited. Demo money (`fun`) is left out.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, textArray, toBigInt } from './sql.ts';

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

/**
 * A transaction's entries, looked up by its id (`offset 0` keeps the planner from flattening it): joined plainly,
 * a window's few thousand transactions were hash-joined with a scan of every entry of the ledger.
 */
const entriesOf = sql`(select e.account_id, e.amount from ledger_entries e where e.transaction_id = t.id offset 0) e`;

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
        cross join lateral ${entriesOf}
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
  /** The jackpot a contribution posted as its own transaction went to (its reference); '' otherwise. */
  jackpot: string;
  /**
   * The pool account a contribution joined to its stake's transaction went to (`house:jackpot:<tier>`, one group per
   * pool: docs/decisions/070); '' otherwise.
   */
  pool: string;
  /** Cents paid out (a withdrawal) or moved to the pools (jackpot contributions net of their rollbacks). */
  amount: bigint;
  count: number;
}

/**
 * Movements of house money only, which a report shows beside the players': withdrawals paid (the player is on the
 * hold with the same reference) and jackpot contributions (house:games to the pools): those posted as their own
 * transactions (before docs/decisions/070), by jackpot, and the contribution lines of stakes' transactions, by pool.
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
    pool: string;
    amount: string;
    n: number;
  }>(
    db,
    // The window's few transactions first (materialized): planned from the account, house:games's millions of
    // entries would be read.
    sql`with t as materialized (
          select id, kind, reference from ledger_transactions
          where kind in ('withdrawal.approved', 'jackpot.contribution') and created_at >= ${from} and created_at < ${to})
        select t.kind, a.player_id::text as player_id, '' as jackpot, '' as pool, sum(e.amount)::text as amount,
          count(*)::int as n
        from t
        join ledger_transactions h on h.reference = t.reference and h.kind = 'withdrawal.hold'
        join ledger_entries e on e.transaction_id = h.id
        join ledger_accounts a on a.id = e.account_id and a.player_id is not null
        where t.kind = 'withdrawal.approved'
        group by 1, 2
      union all
        select t.kind, null, coalesce(t.reference, ''), '', (-sum(e.amount))::text, count(*)::int
        from t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id and a.code = 'house:games'
        where t.kind = 'jackpot.contribution'
        group by 1, 2, 3, 4
      union all
        -- Contribution lines in stakes' transactions: the window's transactions first (by their time), then their
        -- entries by transaction, so the read grows with the window, not with every contribution ever made.
        select e.kind, null, '', a.code, sum(e.amount)::text, count(*)::int
        from ledger_transactions lt
        join ledger_entries e on e.transaction_id = lt.id and e.kind = 'jackpot.contribution'
        join ledger_accounts a on a.id = e.account_id and a.code like 'house:jackpot:%'
        where lt.created_at >= ${from} and lt.created_at < ${to}
        group by 1, 2, 3, 4`,
  );
  return rows.map((r) => ({
    kind: r.kind,
    playerId: r.player_id === null ? null : Number(r.player_id),
    jackpot: r.jackpot,
    pool: r.pool,
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
 * ledger: the balances now less every entry posted at or after the instant. One pass over the entries since the
 * earliest instant, summed between consecutive instants. `groups` is a query answering (player_id, currency,
 * country), the players module's.
 */
export const playerBalancesAt = async (
  db: TExecutor,
  instants: Date[],
  groups: SQL,
): Promise<TBalanceGroup[]> => {
  const sorted = [...new Set(instants.map((at) => at.getTime()))].sort((a, b) => a - b);
  const bounds = textArray(sorted.map((ms) => new Date(ms).toISOString()));
  // Bucket k (1-based) holds the entries posted in [sorted[k-1], sorted[k]); null: the balances now.
  const rows = await queryRows<{ currency: string; country: string; bucket: number | null; amount: string }>(
    db,
    sql`with g as (${groups}),
        l as (
          select a.player_id, width_bucket(t.created_at, ${bounds}::timestamptz[]) as bucket, sum(e.amount) as amount
          from ledger_transactions t
          cross join lateral ${entriesOf}
          join ledger_accounts a on a.id = e.account_id
          where t.created_at >= ${new Date(sorted[0] ?? 0)} and a.player_id is not null and a.kind <> 'fun'
          group by 1, 2)
        select g.currency, g.country, null::int as bucket, sum(a.balance)::text as amount
        from ledger_accounts a join g on g.player_id = a.player_id
        where a.player_id is not null and a.kind <> 'fun'
        group by 1, 2
      union all
        select g.currency, g.country, l.bucket, sum(l.amount)::text from l join g on g.player_id = l.player_id
        group by 1, 2, 3`,
  );
  const out = new Map<string, { currency: string; country: string; now: bigint; buckets: bigint[] }>();
  for (const r of rows) {
    const key = `${r.currency}|${r.country}`;
    let group = out.get(key);
    if (!group) {
      group = {
        currency: r.currency ?? '',
        country: r.country ?? '',
        now: 0n,
        buckets: sorted.map(() => 0n),
      };
      out.set(key, group);
    }
    if (r.bucket === null) group.now += toBigInt(r.amount);
    else group.buckets[Number(r.bucket) - 1] = toBigInt(r.amount);
  }
  return [...out.values()].map((group) => {
    // The balance at sorted[k]: now, less the entries of bucket k and every later one.
    const at = new Map<number, bigint>();
    let balance = group.now;
    for (let k = sorted.length - 1; k >= 0; k -= 1) {
      balance -= group.buckets[k] ?? 0n;
      at.set(sorted[k] ?? 0, balance);
    }
    return {
      currency: group.currency,
      country: group.country,
      at: instants.map((instant) => at.get(instant.getTime()) ?? 0n),
    };
  });
};

/**
 * Of these players (who deposited in the window starting at `from`), the ones who had deposited before: a player's
 * entries are read in posting order until a deposit before `from` turns up.
 */
export const depositedBefore = async (
  db: TExecutor,
  playerIds: number[],
  from: Date,
): Promise<Set<number>> => {
  if (playerIds.length === 0) return new Set();
  const rows = await queryRows<{ player_id: string }>(
    db,
    sql`select a.player_id::text as player_id from ledger_accounts a
        where a.kind = 'main' and a.player_id in (select jsonb_array_elements_text(${JSON.stringify(playerIds)}::jsonb)::bigint)
          and exists (select 1 from ledger_entries e join ledger_transactions t on t.id = e.transaction_id
                      where e.account_id = a.id and t.kind = 'deposit' and t.created_at < ${from})`,
  );
  return new Set(rows.map((r) => Number(r.player_id)));
};
