/** Operator texts stored as { <locale>: text } (en the fallback), and points kept in hundredths. */
export type TTexts = Record<string, string>;

export const localized = (texts: TTexts | null | undefined, locale: string) =>
  texts?.[locale] ?? texts?.en ?? Object.values(texts ?? {})[0] ?? '';

/** Points are stored in hundredths ("centipoints"): 0.2 point per $1 on a 10-cent stake stays exact. */
export const CENTIPOINTS = 100n;

/** Centipoints → the API's points (2 decimals). */
export const toPoints = (centipoints: bigint | number) => Number(centipoints) / 100;

/** Whole points (prices, adjustments) → centipoints. */
export const fromPoints = (points: number) => BigInt(Math.round(points * 100));
