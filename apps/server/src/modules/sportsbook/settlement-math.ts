/**
 * Exact settlement arithmetic. A leg's factor = v + (1 − v) · r · d · odds (v void factor, r result 0|1, d
 * dead-heat factor); an accumulator pays stake × the product of its legs' factors; a system bet pays the sum over
 * its combinations; the payout is rounded down to the cent once, at the end. Every number is a fraction of
 * bigints: odds are thousandths, v is in halves, d is an exact decimal, so nothing is ever a float.
 */
import { NAMED_SYSTEMS, type TNamedSystem } from '@casino/contracts/calls/sportsbook';

export interface TFraction {
  num: bigint;
  den: bigint;
}

export const ONE: TFraction = { num: 1n, den: 1n };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
};

const reduce = (f: TFraction): TFraction => {
  const g = gcd(f.num, f.den);
  return g > 1n ? { num: f.num / g, den: f.den / g } : f;
};

export const mul = (a: TFraction, b: TFraction): TFraction =>
  reduce({ num: a.num * b.num, den: a.den * b.den });
export const add = (a: TFraction, b: TFraction): TFraction =>
  reduce({ num: a.num * b.den + b.num * a.den, den: a.den * b.den });

/** An exact decimal text ("0.5", "1", "0.333") as a fraction; null when it is not a plain decimal. */
export const decimalFraction = (text: string): TFraction | null => {
  const match = /^(\d{1,6})(?:\.(\d{1,9}))?$/.exec(text.trim());
  if (!match) return null;
  const decimals = match[2] ?? '';
  return reduce({ num: BigInt(`${match[1]}${decimals}`), den: 10n ** BigInt(decimals.length) });
};

/** Odds as the feed or player sends them (a number) → integer thousandths, rounded to the nearest. */
export const oddsToThousandths = (odds: number): number => Math.round(odds * 1000);
export const oddsFromThousandths = (odds: number): number => odds / 1000;

export interface TLegSettlement {
  /** Odds in thousandths. */
  odds: number;
  /** 0 or 1. */
  result: number;
  /** Void factor in halves: 0, 1 (half void) or 2 (void). */
  voidHalves: number;
  /** Dead-heat factor as exact decimal text ("1", "0.5"). */
  deadHeat: string;
}

/** v + (1 − v) · r · d · odds, exactly. */
export const legFactor = (leg: TLegSettlement): TFraction => {
  const d = decimalFraction(leg.deadHeat) ?? ONE;
  const v = BigInt(leg.voidHalves);
  // (v/2) + ((2 − v)/2) · r · (dn/dd) · (o/1000) over the common denominator 2 · dd · 1000.
  const num = v * d.den * 1000n + (2n - v) * BigInt(leg.result) * d.num * BigInt(leg.odds);
  return reduce({ num, den: 2n * d.den * 1000n });
};

/** A cancelled leg (bet_cancel) counts as odds 1. */
export const CANCELLED_FACTOR = ONE;

/** Every combination of `size` of the indexes 0..n-1, in order. */
export const combinations = (n: number, size: number): number[][] => {
  const out: number[][] = [];
  const pick = (start: number, chosen: number[]) => {
    if (chosen.length === size) {
      out.push([...chosen]);
      return;
    }
    for (let i = start; i <= n - (size - chosen.length); i++) pick(i + 1, [...chosen, i]);
  };
  if (size >= 1 && size <= n) pick(0, []);
  return out;
};

/**
 * The lines of a bet (each an array of leg indexes): a single or combo is one line of every leg; a k-of-n system
 * every combination of k; a named system every combination of each of its sizes.
 */
export const linesOf = (
  type: string,
  legCount: number,
  systemSize: number | null,
  systemName: string | null,
): number[][] => {
  if (type !== 'system') return [Array.from({ length: legCount }, (_, i) => i)];
  const named = systemName ? NAMED_SYSTEMS[systemName as TNamedSystem] : undefined;
  const sizes: readonly number[] = named ? named.sizes : [systemSize ?? 0];
  return sizes.flatMap((size) => combinations(legCount, size));
};

/** Stake × Σ over lines of Π factors, rounded down to the cent. */
export const payoutOf = (stake: bigint, lines: number[][], factors: TFraction[]): bigint => {
  let total: TFraction = { num: 0n, den: 1n };
  for (const line of lines) {
    let product = ONE;
    for (const i of line) product = mul(product, factors[i] ?? ONE);
    total = add(total, product);
  }
  const exact = mul({ num: stake, den: 1n }, total);
  return exact.num / exact.den;
};
