import type { TAccountInfo } from '@casino/contracts/calls/account';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountQueryKey } from '../account/use-account';
import { applyBalance, balanceQueryKey, isBalanceSnapshot } from './balance-cache';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const snapshot = (uid: number, main: number) => ({
  uid,
  balance: usd(main),
  bonus_balance: usd(5),
  betting_bonus_balance: usd(0),
  fun_balance: usd(1000),
  total_balance: usd(main + 5),
});

describe('balance cache', () => {
  it('rewrites the cached account info with the pushed balances', () => {
    const client = new QueryClient();
    client.setQueryData(accountQueryKey, { ...snapshot(7, 0), login: 'p' } as unknown as TAccountInfo);
    expect(applyBalance(client, snapshot(7, 125.5))).toBe(true);
    const info = client.getQueryData<TAccountInfo>(accountQueryKey);
    expect(info?.balance.amount).toBe(125.5);
    expect(info?.login).toBe('p');
    expect(
      client.getQueryData<{ total_balance: { amount: number } }>(balanceQueryKey)?.total_balance.amount,
    ).toBe(130.5);
  });

  it("ignores another player's event and a visitor", () => {
    const client = new QueryClient();
    expect(applyBalance(client, snapshot(7, 1))).toBe(false);
    client.setQueryData(accountQueryKey, { ...snapshot(7, 3) } as unknown as TAccountInfo);
    expect(applyBalance(client, snapshot(8, 99))).toBe(false);
    expect(client.getQueryData<TAccountInfo>(accountQueryKey)?.balance.amount).toBe(3);
  });

  it('accepts only payloads carrying all four balances', () => {
    expect(isBalanceSnapshot(snapshot(1, 1))).toBe(true);
    expect(isBalanceSnapshot({ balance: usd(1) })).toBe(false);
    expect(isBalanceSnapshot(null)).toBe(false);
  });
});
