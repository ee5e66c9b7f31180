/**
 * Odds formats (a player setting kept in the browser): decimal 2.50, fractional 3/2, American +150 / -200.
 */
import { useSyncExternalStore } from 'react';

export const ODDS_FORMATS = ['decimal', 'fractional', 'american'] as const;
export type TOddsFormat = (typeof ODDS_FORMATS)[number];
const KEY = 'odds_format';

/** The closest fraction with a denominator up to 100 (continued fractions). */
export const toFraction = (value: number): [number, number] => {
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let x = value;
  for (let i = 0; i < 20; i++) {
    const a = Math.floor(x);
    const [h2, k2] = [a * h1 + h0, a * k1 + k0];
    if (k2 > 100) break;
    [h0, h1, k0, k1] = [h1, h2, k1, k2];
    if (Math.abs(x - a) < 1e-9) break;
    x = 1 / (x - a);
  }
  return [h1, k1];
};

export const formatOdds = (odds: number, format: TOddsFormat): string => {
  if (format === 'fractional') {
    const [n, d] = toFraction(Math.round((odds - 1) * 1000) / 1000);
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
