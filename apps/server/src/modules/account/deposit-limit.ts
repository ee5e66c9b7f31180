/**
 * The player's deposit limit (spec §3). OWNED BY THE MONEY WORK: deposit limits are theirs to build. Until
 * then no limit exists, so this reads nothing and answers period 'none' (no limit), which is the truth.
 */

import type { ZDepositLimit } from '@casino/contracts/calls/account';
import type { z } from 'zod';
import type { TExecutor } from '../../platform/db/database.ts';

export type TDepositLimit = z.output<typeof ZDepositLimit>;

export const readDepositLimit = async (_db: TExecutor, _playerId: number): Promise<TDepositLimit> => ({
  available_amount: null,
  can_edit: true,
  expired_at: null,
  limit_amount: null,
  period: 'none',
});
