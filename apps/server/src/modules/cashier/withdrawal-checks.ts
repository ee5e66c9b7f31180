/**
 * A registry of extra withdrawal checks, run inside the withdrawal's transaction under the player's lock.
 * The bonus engine registers one (modules/bonuses/withdrawal-forfeit.ts): it may throw an AppError to block the withdrawal, or move money (forfeit a
 * bonus) through the ledger with the transaction it is given.
 */
import type { Cents } from '@casino/contracts';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TPlayer } from '../players/schema.ts';

export interface TWithdrawalCheckInput {
  tx: TExecutor;
  ctx: TAppContext;
  player: TPlayer;
  amount: Cents;
  method: string;
  transactionId: string;
  /** The player agreed to lose their active bonuses (makewithdrawal's burn_bonuses=1). */
  burnBonuses: boolean;
}

export type TWithdrawalCheck = (input: TWithdrawalCheckInput) => Promise<void>;

const checks = new Map<string, TWithdrawalCheck>();

/** Registers (or replaces) a named check; answers a function that removes it. */
export const registerWithdrawalCheck = (name: string, check: TWithdrawalCheck) => {
  checks.set(name, check);
  return () => {
    if (checks.get(name) === check) checks.delete(name);
  };
};

export const runWithdrawalChecks = async (input: TWithdrawalCheckInput) => {
  for (const check of checks.values()) await check(input);
};
