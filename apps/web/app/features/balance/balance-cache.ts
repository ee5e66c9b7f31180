/** Writes a balance (from the socket or account.getBalance) into the cached account info and balance. */
import type { TAccountInfo } from '@casino/contracts/calls/account';
import type { QueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../account/use-account';

export const balanceQueryKey = ['account', 'balance'] as const;
export const BALANCE_UPDATED = 'account.balance_updated';

type TMoney = { amount: number; currency: string };
export interface TBalanceSnapshot {
  uid?: number;
  balance: TMoney;
  bonus_balance: TMoney;
  betting_bonus_balance: TMoney;
  fun_balance: TMoney;
  total_balance?: TMoney;
}

const isMoney = (value: unknown): value is TMoney =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as TMoney).amount === 'number' &&
  typeof (value as TMoney).currency === 'string';

export const isBalanceSnapshot = (value: unknown): value is TBalanceSnapshot => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    isMoney(v.balance) &&
    isMoney(v.bonus_balance) &&
    isMoney(v.betting_bonus_balance) &&
    isMoney(v.fun_balance)
  );
};

/** Applies the snapshot when it is the signed-in player's (an event for another uid is ignored). */
export const applyBalance = (client: QueryClient, snapshot: TBalanceSnapshot) => {
  const account = client.getQueryData<TAccountInfo | null>(accountQueryKey);
  if (!account || (snapshot.uid !== undefined && snapshot.uid !== account.uid)) return false;
  const balances = {
    balance: snapshot.balance,
    bonus_balance: snapshot.bonus_balance,
    betting_bonus_balance: snapshot.betting_bonus_balance,
    fun_balance: snapshot.fun_balance,
  };
  client.setQueryData<TAccountInfo | null>(accountQueryKey, { ...account, ...balances });
  client.setQueryData(balanceQueryKey, (old: TBalanceSnapshot | undefined) => ({ ...old, ...snapshot }));
  return true;
};
