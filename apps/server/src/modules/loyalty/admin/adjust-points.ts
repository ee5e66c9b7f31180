/** The back-office's loyalty points adjustment: the loyalty module writes the entry, this writes the audit row. */
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import { formChoice, formKey, formReason, recordAudit, type TActor } from '../../backoffice/index.ts';
import { requirePlayer } from '../../players/index.ts';
import { adjustPoints, MAX_POINTS_ADJUSTMENT } from '../adjust-points.ts';

/** The adjustment form: credit or debit, positive points with at most two decimals, a reason, the one-time key. */
export const ZPointsAdjustmentForm = z.object({
  direction: formChoice(['credit', 'debit']),
  points: z
    .string()
    .trim()
    .min(1, 'requiredField')
    .regex(/^\d+(\.\d{1,2})?$/, 'wrongField')
    .transform(Number)
    .refine((points) => points > 0, 'wrongField')
    .refine((points) => points <= MAX_POINTS_ADJUSTMENT, 'maxValue'),
  reason: formReason(),
  key: formKey(),
});

export const adjustPlayerPoints = async (
  ctx: TAppContext,
  actor: TActor,
  input: z.output<typeof ZPointsAdjustmentForm> & { playerId: number },
) => {
  const player = await requirePlayer(ctx.db, input.playerId);
  return adjustPoints(ctx, { ...input, playerId: player.id, operator: actor.email }, (tx, change) =>
    recordAudit(tx, actor, {
      action: `loyalty.points_${input.direction}`,
      target: { type: 'player', id: player.id },
      before: { points: change.before },
      after: { points: change.after },
      reason: change.reason,
      dedupeKey: `loyalty-adjustment:${input.key}`,
      at: ctx.providers.clock.now(),
    }).then(() => undefined),
  );
};
