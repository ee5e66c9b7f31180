/** Responsible gaming's history for staff: what a player changed (limits here, the deposit limit from the cashier). */
import type { TExecutor } from '../../platform/db/database.ts';
import { rgHistory } from './schema.ts';

export type TRgHistoryKind = 'deposit_limit' | 'loss_limit' | 'session_limit' | 'reality_check';

/** Records what a player changed (in the caller's transaction, when it passes one). */
export const recordRgChange = async (
  db: TExecutor,
  playerId: number,
  kind: TRgHistoryKind,
  detail: Record<string, unknown>,
  at: Date,
) => {
  await db.insert(rgHistory).values({ playerId, kind, detail, at });
};
