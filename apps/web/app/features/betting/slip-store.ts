/**
 * The bet slip: the selections the player picked (one per market outcome; a second pick of the same market
 * replaces the first), kept in the browser's session storage so a reload keeps it.
 */
import { useSyncExternalStore } from 'react';

export interface TSlipSelection {
  event_id: string;
  event_name: string;
  market_id: number;
  specifiers: string;
  market_name: string;
  outcome_id: string;
  outcome_name: string;
  odds: number;
  live: boolean;
}

const KEY = 'bet_slip';
const listeners = new Set<() => void>();
let state: TSlipSelection[] | null = null;

const load = (): TSlipSelection[] => {
  if (state) return state;
  try {
    state =
      typeof sessionStorage === 'undefined'
        ? []
        : (JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as TSlipSelection[]);
  } catch {
    state = [];
  }
  return state;
};
const EMPTY: TSlipSelection[] = [];

const save = (next: TSlipSelection[]) => {
  state = next;
  try {
    sessionStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    /* private mode: the slip lives in memory */
  }
  for (const listener of listeners) listener();
};

export const keyOf = (s: Pick<TSlipSelection, 'event_id' | 'market_id' | 'specifiers' | 'outcome_id'>) =>
  `${s.event_id}|${s.market_id}|${s.specifiers}|${s.outcome_id}`;
const marketKey = (s: Pick<TSlipSelection, 'event_id' | 'market_id' | 'specifiers'>) =>
  `${s.event_id}|${s.market_id}|${s.specifiers}`;

export const slip = {
  toggle(selection: TSlipSelection) {
    const current = load();
    if (current.some((s) => keyOf(s) === keyOf(selection))) {
      save(current.filter((s) => keyOf(s) !== keyOf(selection)));
      return;
    }
    save([...current.filter((s) => marketKey(s) !== marketKey(selection)), selection].slice(-20));
  },
  remove(key: string) {
    save(load().filter((s) => keyOf(s) !== key));
  },
  /** New odds for selections (an odds change the server reported). */
  reprice(odds: Record<string, number>) {
    save(load().map((s) => (odds[keyOf(s)] === undefined ? s : { ...s, odds: odds[keyOf(s)] as number })));
  },
  clear() {
    save([]);
  },
};

export const useSlip = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load,
    () => EMPTY,
  );
