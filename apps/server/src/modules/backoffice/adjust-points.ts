/** The back-office's loyalty points adjustment: the loyalty module writes the entry, this writes the audit row. */
import type { TAppContext } from '../../platform/context.ts';
import { adjustPoints } from '../loyalty/adjust-points.ts';
import { recordAudit, type TActor } from './audit-log.ts';
import { requirePlayer } from './player-admin.ts';

export const adjustPlayerPoints = async (
  ctx: TAppContext,
  actor: TActor,
  input: { playerId: number; direction: string; points: string; reason: string; key: string },
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
