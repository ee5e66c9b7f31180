/**
 * Loss and session-time limits over a rolling 1, 7, 14 or 30 days, with the cashier's cooling-off rule: a
 * stricter limit (lower or equal amount over an equal or longer period) applies at once; a looser one or a
 * removal waits 24 hours (LIMIT_COOLING_OFF_MS, shared with deposit limits).
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import { lockPlayerAccounts } from '../ledger/index.ts';
import { recordRgChange } from './history.ts';

/** How long a player waits before a limit is raised or removed (deposit limits too). */
export const LIMIT_COOLING_OFF_MS = 24 * 3600_000;

export type TLimitKind = 'loss' | 'session';

export interface TLimit {
  days: number | null;
  /** Cents for loss, minutes for session. */
  amount: bigint | null;
  pending: { days: number | null; amount: bigint | null; at: Date } | null;
}

export interface TLimitRow {
  period_days: number | null;
  amount: unknown;
  pending_period_days: number | null;
  pending_amount: unknown;
  pending_remove: boolean;
  pending_effective_at: string | Date | null;
}

const big = (v: unknown) => (v === null || v === undefined ? null : BigInt(String(v)));

const readRow = async (db: TExecutor, playerId: number, kind: TLimitKind, lock = false) =>
  (
    await queryRows<TLimitRow>(
      db,
      sql`select period_days, amount, pending_period_days, pending_amount, pending_remove, pending_effective_at
          from rg_limits where player_id = ${playerId} and kind = ${kind} ${lock ? sql`for update` : sql``}`,
    )
  )[0];

/** The limit in force at `now` (a pending change whose 24 hours are over counts as applied). */
const effective = (row: TLimitRow | undefined, now: Date): TLimit => {
  if (!row) return { days: null, amount: null, pending: null };
  const current = { days: row.period_days, amount: big(row.amount) };
  if (!row.pending_effective_at) return { ...current, pending: null };
  const at = new Date(row.pending_effective_at);
  const next = row.pending_remove
    ? { days: null, amount: null }
    : { days: row.pending_period_days, amount: big(row.pending_amount) };
  return at.getTime() <= now.getTime()
    ? { ...next, pending: null }
    : { ...current, pending: { ...next, at } };
};

export const readLimit = async (db: TExecutor, playerId: number, kind: TLimitKind, now: Date) =>
  effective(await readRow(db, playerId, kind), now);

/** Sets (days null: removes) a limit under the player's lock, applying the cooling-off rule. */
export const writeLimit = (
  db: TExecutor,
  playerId: number,
  kind: TLimitKind,
  next: { days: number | null; amount: bigint | null },
  now: Date,
): Promise<TLimit> =>
  db.transaction(async (tx) => {
    await lockPlayerAccounts(tx, [playerId]);
    const current = effective(await readRow(tx, playerId, kind, true), now);
    const hasLimit = current.days !== null && current.amount !== null;
    const stricter =
      next.days !== null &&
      next.amount !== null &&
      (!hasLimit || (next.amount <= (current.amount as bigint) && next.days >= (current.days as number)));
    const row =
      stricter || (!hasLimit && next.days === null)
        ? { days: next.days, amount: next.amount, pDays: null, pAmount: null, remove: false, at: null }
        : {
            days: current.days,
            amount: current.amount,
            pDays: next.days,
            pAmount: next.amount,
            remove: next.days === null,
            at: new Date(now.getTime() + LIMIT_COOLING_OFF_MS),
          };
    await tx.execute(
      sql`insert into rg_limits (player_id, kind, period_days, amount, pending_period_days, pending_amount,
            pending_remove, pending_effective_at, updated_at)
          values (${playerId}, ${kind}, ${row.days}, ${row.amount}, ${row.pDays}, ${row.pAmount}, ${row.remove},
            ${row.at}, ${now})
          on conflict (player_id, kind) do update set period_days = excluded.period_days, amount = excluded.amount,
            pending_period_days = excluded.pending_period_days, pending_amount = excluded.pending_amount,
            pending_remove = excluded.pending_remove, pending_effective_at = excluded.pending_effective_at,
            updated_at = excluded.updated_at`,
    );
    const after = effective(await readRow(tx, playerId, kind), now);
    // Staff read what the player asked and what is in force (or waits for the cooling-off): staff-view.ts.
    await recordRgChange(
      tx,
      playerId,
      kind === 'loss' ? 'loss_limit' : 'session_limit',
      historyDetail(next, after),
      now,
    );
    return after;
  });

/** A limit change as the history keeps it: what was asked, what is in force, what waits and until when. */
export const historyDetail = (
  asked: { days: number | null; amount: bigint | null },
  after: TLimit,
): Record<string, unknown> => ({
  asked: { period_days: asked.days, amount: asked.amount === null ? null : String(asked.amount) },
  in_force: { period_days: after.days, amount: after.amount === null ? null : String(after.amount) },
  pending: after.pending
    ? {
        period_days: after.pending.days,
        amount: after.pending.amount === null ? null : String(after.pending.amount),
        at: after.pending.at.toISOString(),
      }
    : null,
});

/** Both limits of a player as a query (one row per limit set); the bet guard reads it with the exclusion. */
export const limitsQuery = (playerId: number) =>
  sql`select kind, period_days, amount, pending_period_days, pending_amount, pending_remove, pending_effective_at
      from rg_limits where player_id = ${playerId}`;

/** The limits in force at `now` from the rows of limitsQuery (rows of another kind, or none, are ignored). */
export const limitsOf = (rows: (TLimitRow & { kind: TLimitKind | null })[], now: Date) => ({
  loss: effective(
    rows.find((r) => r.kind === 'loss'),
    now,
  ),
  session: effective(
    rows.find((r) => r.kind === 'session'),
    now,
  ),
});
