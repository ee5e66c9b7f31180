/**
 * Odds formats (a player setting kept in the browser): decimal 2.50, fractional 6/4, American +150 / -200.
 * Fractional odds are the standard UK ladder's (27/5 is no price a bookmaker writes; 11/2 and 5/1 are).
 */
import { useSyncExternalStore } from 'react';

export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;
export type TOddsFormat = (typeof ODDS_FORMATS)[number];
const KEY = 'odds_format';

/**
 * The fractions UK bookmakers quote, shortest first, as they write them (6/4 and 4/6, not 3/2 and 2/3): the ladder of
 * the published conversion tables, 1/1000 … 1/5, 2/9 … 10/11, evens, 21/20 … 100/1, then the long shots to 1000/1.
 */
const LADDER_TEXT = [
  '1/1000 1/500 1/250 1/200 1/150 1/100 1/80 1/66 1/50 1/40 1/33 1/25 1/20 1/16 1/14 1/12 1/11 1/10 1/9 1/8',
  '2/15 1/7 2/13 1/6 2/11 1/5 2/9 1/4 2/7 3/10 1/3 4/11 2/5 4/9 1/2 8/15 4/7 8/13 4/6 8/11 4/5 5/6 9/10 10/11',
  '1/1 21/20 11/10 6/5 5/4 11/8 7/5 6/4 8/5 13/8 7/4 9/5 15/8 2/1 85/40 11/5 9/4 12/5 5/2 13/5 11/4 14/5 3/1 10/3 7/2',
  '4/1 9/2 5/1 11/2 6/1 13/2 7/1 15/2 8/1 17/2 9/1 10/1 11/1 12/1 14/1 16/1 18/1 20/1 22/1 25/1 28/1 33/1 40/1',
  '50/1 66/1 80/1 100/1 125/1 150/1 200/1 250/1 300/1 400/1 500/1 750/1 1000/1',
].join(' ');
export const FRACTION_LADDER: readonly (readonly [number, number])[] = LADDER_TEXT.split(' ').map((f) => {
  const [n, d] = f.split('/').map(Number);
  return [n as number, d as number] as const;
});

/**
 * The ladder's fraction for a decimal price: the highest rung that does not go over the price (1.91 → 10/11,
 * 5.4 → 4/1, 6.39 → 5/1), so a fraction never promises more than the bet pays; the slip's payout is the exact one.
 * Compared in whole thousandths (the feed's precision), never by float. Below the ladder: its first rung; above: n/1.
 */
export const ladderFraction = (odds: number): [number, number] => {
  const profit = Math.round(odds * 1000) - 1000;
  const first = FRACTION_LADDER[0] as readonly [number, number];
  if (profit * first[1] < first[0] * 1000) return [first[0], first[1]];
  let best = first;
  for (const rung of FRACTION_LADDER) {
    if (rung[0] * 1000 > profit * rung[1]) break;
    best = rung;
  }
  const top = FRACTION_LADDER[FRACTION_LADDER.length - 1] as readonly [number, number];
  if (best === top && profit > top[0] * 1000) return [Math.floor(profit / 1000), 1];
  return [best[0], best[1]];
};

export const formatOdds = (odds: number, format: TOddsFormat): string => {
  if (format === 'fractional') {
    const [n, d] = ladderFraction(odds);
    return `${n}/${d}`;
  }
  if (format === 'american') {
    if (odds >= 2) return `+${Math.round((odds - 1) * 100)}`;
    return `-${Math.round(100 / (odds - 1))}`;
  }
  return odds.toFixed(2);
};

const listeners = new Set<() => void>();
const read = (): TOddsFormat => {
  if (typeof localStorage === 'undefined') return 'decimal';
  const value = localStorage.getItem(KEY);
  return (ODDS_FORMATS as readonly string[]).includes(value ?? '') ? (value as TOddsFormat) : 'decimal';
};

export const setOddsFormat = (format: TOddsFormat) => {
  localStorage.setItem(KEY, format);
  for (const listener of listeners) listener();
};

export const useOddsFormat = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    read,
    () => 'decimal' as TOddsFormat,
  );
