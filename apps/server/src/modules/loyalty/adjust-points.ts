/**
 * An operator's manual points adjustment: credit or debit points with a reason; a debit never takes the
 * balance below zero (the account's constraint refuses it). The form's one-time key is the entry's reference,
 * so a double submit writes once. The caller's `audit` runs in the same transaction (the back-office's audit log).
 * The back-office's form (loyalty/admin/adjust-points.ts) checks the values.
 */
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { NotEnoughPointsError, pointsAccount, writePointsEntry } from './points.ts';
import { fromPoints, toPoints } from './text.ts';

export interface TPointsAdjustment {
  playerId: number;
  direction: 'credit' | 'debit';
  /** Positive points, at most two decimals. */
  points: number;
  reason: string;
  key: string;
  operator: string;
}

export const MAX_POINTS_ADJUSTMENT = 1_000_000;

export const adjustPoints = async (
  ctx: TAppContext,
  input: TPointsAdjustment,
  audit: (tx: TExecutor, change: { before: number; after: number; reason: string }) => Promise<void>,
) => {
  const amount = fromPoints(input.points);
  const delta = input.direction === 'credit' ? amount : -amount;
  const reason = input.reason;
  const at = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = (await pointsAccount(tx, input.playerId)).balance;
    let written: boolean;
    try {
      written = await writePointsEntry(tx, {
        playerId: input.playerId,
        kind: 'adjustment',
        delta,
        lifetimeDelta: delta > 0n ? delta : 0n,
        reference: input.key,
        meta: { reason, operator: input.operator },
        at,
      });
    } catch (error) {
      if (error instanceof NotEnoughPointsError) throw invalidParameters({ points: 'notEnoughPoints' });
      throw error;
    }
    if (!written) return { replayed: true, before: toPoints(before), after: toPoints(before) };
    const after = before + delta;
    await audit(tx, { before: toPoints(before), after: toPoints(after), reason });
    return { replayed: false, before: toPoints(before), after: toPoints(after) };
  });
};
