/**
 * A player's four balances in cents. OWNED BY THE MONEY WORK (issue 4): it will read them from the ledger.
 * Until the ledger lands every player has no money, which is what a new player truly has.
 */
import type { Cents } from '@casino/contracts';
import type { TExecutor } from '../../platform/db/database.ts';

export interface TBalances {
  main: Cents;
  bonus: Cents;
  betting_bonus: Cents;
  fun: Cents;
}

export const getBalances = async (_db: TExecutor, _playerId: number): Promise<TBalances> => ({
  main: 0n,
  bonus: 0n,
  betting_bonus: 0n,
  fun: 0n,
});
