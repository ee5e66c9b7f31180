/**
 * Reading engine outcomes off the wire: the server may send a bigint as `{ $bigint: "…" }` (the engines' JSON
 * codec), as text or as a number, and a ratio as `{ num, den }` of any of those.
 */
export type TWireInt = number | string | { $bigint: string } | null | undefined;

export const wireInt = (value: unknown): number => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value);
  if (typeof value === 'bigint') return Number(value);
  if (value && typeof value === 'object' && '$bigint' in value)
    return Number((value as { $bigint: string }).$bigint);
  return 0;
};

/** A ratio `{ num, den }` (or a plain number) as a number, e.g. a multiplier 1.98. */
export const wireRatio = (value: unknown): number => {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return Number(value);
  if (value && typeof value === 'object' && 'num' in value && 'den' in value) {
    const r = value as { num: unknown; den: unknown };
    const den = wireInt(r.den);
    return den === 0 ? 0 : wireInt(r.num) / den;
  }
  return 0;
};

/** A multiplier for people: `1.98×`, `1,024.00×`. */
export const formatMultiplier = (value: number) =>
  `${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;

/** Major units as `$1,234.56` (spec §9: commas, 2 decimals, currency symbol). */
export const formatAmount = (value: number, currency = 'USD') => {
  const symbol = ({ USD: '$', EUR: '€', GBP: '£' } as Record<string, string>)[currency];
  const text = Math.abs(value).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${value < 0 ? '-' : ''}${symbol ?? ''}${text}${symbol ? '' : ` ${currency}`}`;
};
