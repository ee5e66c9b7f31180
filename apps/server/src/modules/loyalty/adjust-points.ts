/**
 * An operator's manual points adjustment: credit or debit whole points with a reason; a debit never takes the
 * balance below zero (the account's constraint refuses it). The form's one-time key is the entry's reference,
 * so a double submit writes once. The caller's `audit` runs in the same transaction (the back-office's audit log).
 */
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { NotEnoughPointsError, pointsAccount, writePointsEntry } from './points.ts';
import { fromPoints, toPoints } from './text.ts';

export interface TPointsAdjustment {
  playerId: number;
  direction: string;
  points: string;
  reason: string;
  key: string;
  operator: string;
}

export const MAX_POINTS_ADJUSTMENT = 1_000_000;

const parse = (input: TPointsAdjustment) => {
  if (input.direction !== 'credit' && input.direction !== 'debit')
    throw invalidParameters({ direction: 'wrongField' });
  const text = input.points.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text))
    throw invalidParameters({ points: text ? 'wrongField' : 'requiredField' });
  const points = Number(text);
  if (points <= 0) throw invalidParameters({ points: 'wrongField' });
  if (points > MAX_POINTS_ADJUSTMENT) throw invalidParameters({ points: 'maxValue' });
  const reason = input.reason.trim();
  if (reason.length < 5) throw invalidParameters({ reason: reason ? 'minLength' : 'requiredField' });
  if (reason.length > 500) throw invalidParameters({ reason: 'maxLength' });
  if (!/^[0-9a-f-]{36}$/i.test(input.key)) throw invalidParameters({ key: 'wrongField' });
  const amount = fromPoints(points);
  return { delta: input.direction === 'credit' ? amount : -amount, reason };
};

export const adjustPoints = async (
  ctx: TAppContext,
  input: TPointsAdjustment,
  audit: (tx: TExecutor, change: { before: number; after: number; reason: string }) => Promise<void>,
) => {
  const { delta, reason } = parse(input);
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
