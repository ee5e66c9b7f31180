/**
 * Responsible-gaming deposit limits for 1, 7, 14 or 30 days (a rolling window). A stricter limit applies at
 * once; a looser one (higher amount, shorter period) or a removal waits a 24-hour cooling-off. Only completed
 * deposits count: a payment left open on the provider's page holds nothing back. The limit is checked twice,
 * each time under the player's lock: when a deposit starts (makedeposit refuses it) and when its payment
 * completes (settle-deposit refunds one that no longer fits), so payments completing together cannot pass it.
 */
import { type Cents, toCents, toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import { lockPlayerAccounts, queryRows, toBigInt } from '../ledger/index.ts';
import { LIMIT_COOLING_OFF_MS, recordRgChange, rgLimitHistoryDetail } from '../responsible-gaming/index.ts';

export interface TDepositLimitView {
  available_amount: number | null;
  can_edit: boolean;
  expired_at: number | null;
  limit_amount: number | null;
  period: string;
}

interface TLimitRow {
  period_days: number | null;
  amount: unknown;
  pending_period_days: number | null;
  pending_amount: unknown;
  pending_remove: boolean;
  pending_effective_at: string | Date | null;
}

interface TEffective {
  days: number | null;
  amount: Cents | null;
  pending: { days: number | null; amount: Cents | null; at: Date } | null;
}

const readRow = async (db: TExecutor, playerId: number, lock = false) =>
  (
    await queryRows<TLimitRow>(
      db,
      sql`select period_days, amount, pending_period_days, pending_amount, pending_remove, pending_effective_at
          from deposit_limits where player_id = ${playerId} ${lock ? sql`for update` : sql``}`,
    )
  )[0];

/** The limit in force at `now`: a pending change whose cooling-off is over counts as applied. */
const effective = (row: TLimitRow | undefined, now: Date): TEffective => {
  if (!row) return { days: null, amount: null, pending: null };
  const current = {
    days: row.period_days,
    amount: row.amount === null ? null : toBigInt(row.amount),
  };
  if (!row.pending_effective_at) return { ...current, pending: null };
  const at = new Date(row.pending_effective_at);
  const next = row.pending_remove
    ? { days: null, amount: null }
    : {
        days: row.pending_period_days,
        amount: row.pending_amount === null ? null : toBigInt(row.pending_amount),
      };
  return at.getTime() <= now.getTime()
    ? { ...next, pending: null }
    : { ...current, pending: { ...next, at } };
};

/** What the player's completed deposits came to within the last `days` days (by the time they completed). */
export const depositedWithin = async (db: TExecutor, playerId: number, days: number, now: Date) => {
  const since = new Date(now.getTime() - days * 86_400_000);
  const [row] = await queryRows<{ total: unknown }>(
    db,
    sql`select coalesce(sum(amount), 0)::text as total from cashier_transactions
        where player_id = ${playerId} and type = 'deposit' and status = 'success' and updated_at > ${since}`,
  );
  return toBigInt(row?.total);
};

const view = async (
  db: TExecutor,
  playerId: number,
  limit: TEffective,
  now: Date,
): Promise<TDepositLimitView> => {
  const base = {
    can_edit: limit.pending === null,
    expired_at: limit.pending ? Math.floor(limit.pending.at.getTime() / 1000) : null,
  };
  if (limit.days === null || limit.amount === null)
    return { ...base, available_amount: null, limit_amount: null, period: 'none' };
  const used = await depositedWithin(db, playerId, limit.days, now);
  const available = limit.amount > used ? limit.amount - used : 0n;
  return {
    ...base,
    available_amount: toMajor(available),
    limit_amount: toMajor(limit.amount),
    period: String(limit.days),
  };
};

/** The deposit limit of spec §3 (account.getDepositLimit answers this). */
export const getDepositLimit = async (
  db: TExecutor,
  playerId: number,
  now: Date,
): Promise<TDepositLimitView> => view(db, playerId, effective(await readRow(db, playerId), now), now);

/** The refusal of a deposit of `amount` that would pass the limit, or null when it fits. Call under the player lock. */
export const depositLimitRefusal = async (tx: TExecutor, playerId: number, amount: Cents, now: Date) => {
  const limit = effective(await readRow(tx, playerId), now);
  if (limit.days === null || limit.amount === null) return null;
  const used = await depositedWithin(tx, playerId, limit.days, now);
  if (used + amount <= limit.amount) return null;
  return new AppError('BillingDepositLimitExceededException', {
    available_amount: toMajor(limit.amount > used ? limit.amount - used : 0n),
    limit_amount: toMajor(limit.amount),
    period: String(limit.days),
  });
};

/** Refuses a deposit that would pass the limit. Call inside the deposit's transaction, under the player lock. */
export const assertDepositWithinLimit = async (tx: TExecutor, playerId: number, amount: Cents, now: Date) => {
  const refusal = await depositLimitRefusal(tx, playerId, amount, now);
  if (refusal) throw refusal;
};

/** Sets (or, with period 'none', removes) the limit, applying the cooling-off rule. */
export const setDepositLimit = async (
  db: TExecutor,
  playerId: number,
  input: { period: string; amount: string },
  now: Date,
) => {
  let days: number | null = null;
  let amount: Cents | null = null;
  if (input.period !== 'none') {
    days = Number(input.period);
    try {
      amount = toCents(input.amount);
    } catch {
      throw invalidParameters({ amount: input.amount.trim() === '' ? 'requiredField' : 'wrongField' });
    }
    if (amount <= 0n) throw invalidParameters({ amount: 'sumError' });
  }
  return db.transaction(async (tx) => {
    await lockPlayerAccounts(tx, [playerId]);
    const current = effective(await readRow(tx, playerId, true), now);
    const hasLimit = current.days !== null && current.amount !== null;
    const stricter =
      days !== null &&
      amount !== null &&
      (!hasLimit || (amount <= (current.amount as Cents) && days >= (current.days as number)));
    const row =
      stricter || (!hasLimit && days === null)
        ? {
            period_days: days,
            amount,
            pending_period_days: null,
            pending_amount: null,
            pending_remove: false,
            at: null,
          }
        : {
            period_days: current.days,
            amount: current.amount,
            pending_period_days: days,
            pending_amount: amount,
            pending_remove: days === null,
            at: new Date(now.getTime() + LIMIT_COOLING_OFF_MS),
          };
    await tx.execute(
      sql`insert into deposit_limits (player_id, period_days, amount, pending_period_days, pending_amount,
            pending_remove, pending_effective_at, updated_at)
          values (${playerId}, ${row.period_days}, ${row.amount}, ${row.pending_period_days}, ${row.pending_amount},
            ${row.pending_remove}, ${row.at}, ${now})
          on conflict (player_id) do update set period_days = excluded.period_days, amount = excluded.amount,
            pending_period_days = excluded.pending_period_days, pending_amount = excluded.pending_amount,
            pending_remove = excluded.pending_remove, pending_effective_at = excluded.pending_effective_at,
            updated_at = excluded.updated_at`,
    );
    const limit = effective(await readRow(tx, playerId), now);
    await recordRgChange(tx, playerId, 'deposit_limit', rgLimitHistoryDetail({ days, amount }, limit), now);
    return {
      ...(await view(tx, playerId, limit, now)),
      pending_amount: limit.pending?.amount == null ? null : toMajor(limit.pending.amount),
      pending_period: limit.pending
        ? limit.pending.days === null
          ? 'none'
          : String(limit.pending.days)
        : null,
    };
  });
};
