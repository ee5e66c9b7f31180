/**
 * The bet amount field: spec §5 Sum rule (digits, no leading zero, at most 2 decimals, thousands commas
 * stripped, between the game's min and max bet) plus the player's balance. Codes are the §5 field codes.
 */
import { sum } from '@casino/contracts/validation';

export type TBetCheck =
  | { ok: true; value: string }
  | { ok: false; code: 'wrongField' | 'sumError' | 'balance' };

export const checkBet = (
  text: string,
  limits: { min: number; max: number; balance: number | null },
): TBetCheck => {
  const code = sum(limits.min, limits.max)(text);
  if (code === 'wrongField' || code === 'requiredField') return { ok: false, code: 'wrongField' };
  if (code) return { ok: false, code: 'sumError' };
  const value = Number(text.replace(/,/g, '').trim());
  if (limits.balance !== null && value > limits.balance + 1e-9) return { ok: false, code: 'balance' };
  return { ok: true, value: value.toFixed(2) };
};

/** Halve / double / min / max buttons, kept inside the limits and rounded to the cent. */
export const stepBet = (
  text: string,
  how: 'half' | 'double' | 'min' | 'max',
  limits: { min: number; max: number },
) => {
  const current = Number(text.replace(/,/g, '')) || limits.min;
  const next =
    how === 'half' ? current / 2 : how === 'double' ? current * 2 : how === 'min' ? limits.min : limits.max;
  const clamped = Math.min(limits.max, Math.max(limits.min, Math.floor(next * 100 + 1e-6) / 100));
  return clamped.toFixed(2);
};
