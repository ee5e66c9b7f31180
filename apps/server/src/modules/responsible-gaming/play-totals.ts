/**
 * A player's net loss on real money since a moment (what a loss limit counts): the ledger's stakes (bets less
 * rolled-back bets) less its wins on the main account.
 */
import type { TExecutor } from '../../platform/db/database.ts';
import { playTotalsSince } from '../ledger/index.ts';

export const netLossSince = async (db: TExecutor, playerId: number, since: Date) => {
  const totals = await playTotalsSince(db, playerId, since);
  return totals.staked - totals.won;
};
