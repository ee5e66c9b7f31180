/**
 * What other modules do when a deposit is paid, inside the cashier's transaction, right after main is credited
 * (the player's accounts are locked by that credit). The sportsbook repays a player's debts from it first.
 * Modules registered after the cashier register here; the cashier never imports them.
 */
import type { Cents } from '@casino/contracts';
import type { TExecutor } from '../../platform/db/database.ts';

export interface TPaidDeposit {
  tx: TExecutor;
  playerId: number;
  amount: Cents;
  depositId: string;
  at: Date;
}

export type TPaidDepositHook = (deposit: TPaidDeposit) => Promise<void>;

const hooks = new Map<string, TPaidDepositHook>();

/** Registers (or replaces) the hook of a name. */
export const registerPaidDepositHook = (name: string, hook: TPaidDepositHook) => {
  hooks.set(name, hook);
};

export const runPaidDepositHooks = async (deposit: TPaidDeposit) => {
  for (const hook of hooks.values()) await hook(deposit);
};
