/** The chips on a roulette table: place, undo, double, clear; the bets list games.play wants. */
import { useCallback, useState } from 'react';
import { spotKey, type TSpotBet } from '../lib/roulette-layout';

const round2 = (n: number) => Math.round(n * 100) / 100;

export const useRouletteBets = () => {
  const [chips, setChips] = useState<Map<string, number>>(new Map());
  const [spots] = useState(() => new Map<string, TSpotBet>());
  const [history, setHistory] = useState<Map<string, number>[]>([]);
  const [last, setLast] = useState<Map<string, number> | null>(null);

  const commit = useCallback(
    (next: Map<string, number>) => {
      setHistory((h) => [...h.slice(-49), chips]);
      setChips(next);
    },
    [chips],
  );

  return {
    chips,
    place: (bet: TSpotBet, amount: number) => {
      const key = spotKey(bet);
      spots.set(key, bet);
      const next = new Map(chips);
      next.set(key, round2((next.get(key) ?? 0) + amount));
      commit(next);
    },
    undo: () => {
      const previous = history.at(-1);
      if (!previous) return;
      setHistory((h) => h.slice(0, -1));
      setChips(previous);
    },
    double: () => commit(new Map([...chips].map(([k, v]) => [k, round2(v * 2)]))),
    clear: () => commit(new Map()),
    rebet: () => last && commit(new Map(last)),
    canRebet: last !== null && chips.size === 0,
    remember: () => setLast(new Map(chips)),
    total: round2([...chips.values()].reduce((a, b) => a + b, 0)),
    bets: () =>
      [...chips.entries()].map(([key, amount]) => ({ ...spots.get(key), amount: amount.toFixed(2) })),
  };
};
