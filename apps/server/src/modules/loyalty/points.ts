/**
 * The points ledger (loyalty_point_entries, append-only; loyalty_accounts follows by trigger and may never go
 * below zero): balances, the history, and the non-bet entries (purchases, rewards, adjustments), each written once
 * by its reference.
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { pgConstraint, queryRows, toBigInt } from '../ledger/index.ts';

export interface TPointsAccount {
  balance: bigint;
  lifetime: bigint;
}

export class NotEnoughPointsError extends Error {}

export const pointsAccount = async (
  db: TExecutor,
  playerId: number,
  lock = false,
): Promise<TPointsAccount> => {
  const [row] = await queryRows<{ balance: unknown; lifetime: unknown }>(
    db,
    lock
      ? sql`select balance, lifetime from loyalty_accounts where player_id = ${playerId} for update`
      : sql`select balance, lifetime from loyalty_accounts where player_id = ${playerId}`,
  );
  return { balance: toBigInt(row?.balance ?? 0), lifetime: toBigInt(row?.lifetime ?? 0) };
};

export interface TPointsEntryInput {
  playerId: number;
  kind: 'purchase' | 'reward' | 'adjustment';
  /** Centipoints, signed. */
  delta: bigint;
  /** Centipoints added to lifetime (rewards and positive adjustments). */
  lifetimeDelta: bigint;
  reference: string;
  meta?: Record<string, unknown>;
  at: Date;
}

/** Writes one entry; false when its reference was written before (nothing changes). Refuses an overdraft. */
export const writePointsEntry = async (tx: TExecutor, input: TPointsEntryInput) => {
  try {
    const rows = await queryRows<{ id: unknown }>(
      tx,
      sql`insert into loyalty_point_entries (player_id, kind, delta, lifetime_delta, reference, meta, at)
          values (${input.playerId}, ${input.kind}, ${input.delta}, ${input.lifetimeDelta}, ${input.reference},
                  ${JSON.stringify(input.meta ?? {})}::jsonb, ${input.at})
          on conflict (player_id, kind, reference) where kind in ('purchase', 'reward', 'adjustment') do nothing
          returning id`,
    );
    return rows.length > 0;
  } catch (error) {
    if (pgConstraint(error) === 'loyalty_accounts_balance_check') throw new NotEnoughPointsError();
    throw error;
  }
};

export interface TPointsHistoryRow {
  id: number;
  kind: string;
  delta: bigint;
  reference: string;
  meta: Record<string, unknown>;
  at: Date;
}

export const pointsHistory = async (db: TExecutor, playerId: number, limit = 50) =>
  (
    await queryRows<{
      id: unknown;
      kind: string;
      delta: unknown;
      reference: string;
      meta: unknown;
      at: unknown;
    }>(
      db,
      sql`select id, kind, delta, reference, meta, at from loyalty_point_entries
           where player_id = ${playerId} order by id desc limit ${limit}`,
    )
  ).map(
    (r): TPointsHistoryRow => ({
      id: Number(r.id),
      kind: r.kind,
      delta: toBigInt(r.delta),
      reference: r.reference,
      meta: (typeof r.meta === 'string' ? JSON.parse(r.meta) : r.meta) as Record<string, unknown>,
      at: new Date(r.at as string),
    }),
  );
