/** What the slip shows before placing: lines, total stake and potential payout (the server decides the real one). */
import { NAMED_SYSTEMS } from '@casino/contracts/calls/sportsbook';

export type TSlipType = 'single' | 'combo' | 'system';

const combinations = (n: number, k: number): number[][] =>
  k === 0
    ? [[]]
    : n < k
      ? []
      : [...combinations(n - 1, k - 1).map((c) => [...c, n - 1]), ...combinations(n - 1, k)];

/** The systems a slip of n selections offers: k-folds for 2 ≤ k < n and the named ones for n. */
export const systemsFor = (n: number) => [
  ...Array.from({ length: Math.max(0, n - 2) }, (_, i) => ({
    value: String(i + 2),
    k: i + 2,
    name: null as string | null,
  })),
  ...Object.entries(NAMED_SYSTEMS)
    .filter(([, s]) => s.selections === n)
    .map(([key, s]) => ({ value: key, k: 0, name: s.name })),
];

export const linesOf = (type: TSlipType, odds: number[], system: string): number[][] => {
  const n = odds.length;
  if (type === 'single') return odds.map((_, i) => [i]);
  if (type === 'combo') return [odds.map((_, i) => i)];
  const named = NAMED_SYSTEMS[system as keyof typeof NAMED_SYSTEMS];
  const sizes: readonly number[] = named ? named.sizes : [Number(system)];
  return sizes.flatMap((k) => combinations(n, k));
};

/** Cents: total stake and potential payout for a stake per line in cents. */
export const slipTotals = (type: TSlipType, odds: number[], system: string, stakeCents: number) => {
  const lines = linesOf(type, odds, system);
  const payout = lines.reduce(
    (sum, line) => sum + Math.floor(line.reduce((p, i) => p * (odds[i] ?? 1), stakeCents) + 1e-6),
    0,
  );
  return { lines: lines.length, total: lines.length * stakeCents, payout };
};
