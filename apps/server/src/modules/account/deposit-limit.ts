/**
 * account.getDepositLimit (spec §3 Deposit limit). The cashier module owns deposit limits (setting them,
 * the cooling-off, enforcing them on deposits); this call only shows its view.
 */
import type { ZDepositLimit } from '@casino/contracts/calls/account';
import type { z } from 'zod';
import type { TExecutor } from '../../platform/db/database.ts';
import { getDepositLimit } from '../cashier/index.ts';

export type TDepositLimit = z.output<typeof ZDepositLimit>;

export const readDepositLimit = (db: TExecutor, playerId: number, now: Date): Promise<TDepositLimit> =>
  getDepositLimit(db, playerId, now);
