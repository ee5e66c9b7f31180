/** Exact rationals on bigint: every multiplier and every RTP is one, so no float ever touches money. */

export type TRatio = { readonly num: bigint; readonly den: bigint };

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

export const ratio = (num: bigint | number, den: bigint | number = 1n): TRatio => {
  let n = BigInt(num);
  let d = BigInt(den);
  if (d === 0n) throw new RangeError('zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { num: n / g, den: d / g };
};

export const ZERO = ratio(0n);
export const ONE = ratio(1n);

export const add = (a: TRatio, b: TRatio): TRatio => ratio(a.num * b.den + b.num * a.den, a.den * b.den);
export const sub = (a: TRatio, b: TRatio): TRatio => ratio(a.num * b.den - b.num * a.den, a.den * b.den);
export const mul = (a: TRatio, b: TRatio): TRatio => ratio(a.num * b.num, a.den * b.den);
export const div = (a: TRatio, b: TRatio): TRatio => ratio(a.num * b.den, a.den * b.num);
export const compare = (a: TRatio, b: TRatio): number => {
  const d = a.num * b.den - b.num * a.den;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
};
export const sum = (items: Iterable<TRatio>): TRatio => {
  let total = ZERO;
  for (const item of items) total = add(total, item);
  return total;
};

/** For display and statistics only (never for money). */
export const toNumber = (r: TRatio): number => {
  // Scale first so huge numerators and denominators keep their precision.
  const scale = 10n ** 18n;
  return Number((r.num * scale) / r.den) / 1e18;
};

/** A rational as a decimal text with `places` digits, rounded down: for rules pages. */
export const toDecimal = (r: TRatio, places = 4): string => {
  const negative = r.num < 0n;
  const abs = negative ? -r.num : r.num;
  const scaled = (abs * 10n ** BigInt(places)) / r.den;
  const text = scaled.toString().padStart(places + 1, '0');
  const body = places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
  return `${negative ? '-' : ''}${body}`;
};

/** The win in cents for a stake and a payout multiplier: rounded down to the cent (the house keeps the fraction). */
export const applyMultiplier = (stake: bigint, multiplier: TRatio): bigint => {
  if (stake < 0n || multiplier.num < 0n) throw new RangeError('negative stake or multiplier');
  return (stake * multiplier.num) / multiplier.den;
};

/** A multiplier given in hundredths (e.g. 250n → 2.5×). */
export const hundredths = (value: bigint | number): TRatio => ratio(BigInt(value), 100n);
