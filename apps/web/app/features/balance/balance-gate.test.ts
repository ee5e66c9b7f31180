import type { TAccountInfo } from '@casino/contracts/calls/account';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accountQueryKey } from '../account/use-account';
import { createBalanceGate } from './balance-gate';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const snapshot = (main: number, bonus = 0) => ({
  uid: 7,
  balance: usd(main),
  bonus_balance: usd(bonus),
  betting_bonus_balance: usd(0),
  fun_balance: usd(1000),
});

const signedIn = (main: number) => {
  const client = new QueryClient();
  client.setQueryData(accountQueryKey, { ...snapshot(main), login: 'p' } as unknown as TAccountInfo);
  const shown = () => client.getQueryData<TAccountInfo>(accountQueryKey)?.balance.amount;
  return { client, shown, gate: createBalanceGate(client) };
};

describe('balance gate', () => {
  it('shows a snapshot at once when no round is being revealed', () => {
    const { gate, shown } = signedIn(50);
    gate.offer(snapshot(49));
    expect(shown()).toBe(49);
  });

  it('holds the socket while a round is revealed, then shows the newest snapshot', () => {
    const { gate, shown } = signedIn(50);
    gate.hold('round-1');
    gate.offer(snapshot(49));
    gate.offer(snapshot(61.5, 10));
    expect(shown()).toBe(50);
    const after = gate.release('round-1');
    expect(after).toEqual({ holding: false, shown: snapshot(61.5, 10) });
    expect(shown()).toBe(61.5);
  });

  it('waits for the last of several rounds (balls still dropping) and tells when nothing came', () => {
    const { gate, shown } = signedIn(50);
    gate.hold('a');
    gate.hold('b');
    gate.offer(snapshot(48));
    expect(gate.release('a')).toEqual({ holding: true, shown: null });
    expect(shown()).toBe(50);
    expect(gate.release('b').shown?.balance.amount).toBe(48);
    expect(shown()).toBe(48);
    gate.hold('c');
    expect(gate.release('c')).toEqual({ holding: false, shown: null });
    expect(gate.isHolding).toBe(false);
  });

  it("drops a read's answer when a newer snapshot came while it was on its way", () => {
    const { gate, shown } = signedIn(50);
    const stale = gate.ticket();
    gate.offer(snapshot(40));
    gate.offer(snapshot(45), stale);
    expect(shown()).toBe(40);
    const fresh = gate.ticket();
    gate.offer(snapshot(41), fresh);
    expect(shown()).toBe(41);
  });
});
