/**
 * The unseen-deposit check of spec §7: gethistory with offset 0, count 1, type deposit, reading `count`.
 * More deposits than the count last seen on the history page means there is something new to look at.
 */
import { useQuery } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from '../../../lib/api/browser';
import { CASHIER_CALLS, cashierKeys } from '../api/cashier-api';

export const SEEN_DEPOSITS_KEY = 'cashier.seen_deposits_count';

const listeners = new Set<() => void>();
const readSeen = () => {
  try {
    const value = Number(window.localStorage.getItem(SEEN_DEPOSITS_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
};

export const markDepositsSeen = (count: number) => {
  try {
    window.localStorage.setItem(SEEN_DEPOSITS_KEY, String(count));
  } catch {
    // storage full or disabled: the dot just stays
  }
  for (const listener of listeners) listener();
};

export const hasUnseenDeposits = (count: number | undefined, seen: number) =>
  count !== undefined && count > seen;

export function useUnseenDeposits() {
  const query = useQuery({
    queryKey: cashierKeys.unseen,
    queryFn: () => api.call(CASHIER_CALLS.history, { type: 'deposit', status: '', offset: 0, count: 1 }),
    staleTime: 30_000,
  });
  const seen = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readSeen,
    () => Number.POSITIVE_INFINITY,
  );
  const count = query.data?.count;
  const markSeen = useCallback(() => {
    if (count !== undefined) markDepositsSeen(count);
  }, [count]);
  return { count, hasUnseen: hasUnseenDeposits(count, seen), markSeen };
}
