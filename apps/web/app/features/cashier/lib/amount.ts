/**
 * The amount field of the cashier (spec §5 Sum, §9): typed with thousands commas, checked digits-only with
 * no leading zero and between the method's min and max (commas stripped first), presets per currency.
 */
import { formatMoney, toCents } from '@casino/contracts/money';
import { sum } from '@casino/contracts/validation';
import { narrowBounds, type TAmountBounds } from '@casino/contracts/validator-config';

/** `1234567.5` typed → `1,234,567.5`: digits and one dot kept, at most 2 decimals, integer part grouped. */
export const formatAmountInput = (raw: string): string => {
  const cleaned = raw.replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  const whole = (dot === -1 ? cleaned : cleaned.slice(0, dot)).replace(/\./g, '');
  const fraction =
    dot === -1
      ? null
      : cleaned
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === null ? grouped : `${grouped || '0'}.${fraction}`;
};

/** The amount as the server reads it (commas stripped). */
export const amountParam = (value: string) => value.replace(/,/g, '').trim();

/**
 * The method with its min and max narrowed by the site-wide amount bounds of the validator config list (spec §3);
 * the server narrows them the same way and holds every payment to them.
 */
export const withSiteAmount = <M extends { min_amount: number; max_amount: number }>(
  method: M,
  bounds: TAmountBounds,
): M => {
  const { min, max } = narrowBounds({ min: method.min_amount, max: method.max_amount }, bounds);
  return min === method.min_amount && max === method.max_amount
    ? method
    : { ...method, min_amount: min, max_amount: max };
};

/** The §5 Sum rule: null when valid, else the field code (requiredField, wrongField, sumError). */
export const checkAmount = (value: string, min: number, max: number): string | null => {
  if (amountParam(value) === '') return 'requiredField';
  return sum(min, max)(value);
};

/** Preset amounts for the currency (spec §3); falls back to the first list when the currency has none. */
export const presetsFor = (
  presets: readonly { currency: string; amount: readonly { value: number }[] }[],
  currency: string,
  bounds?: { min: number; max: number },
): number[] => {
  const entry = presets.find((p) => p.currency === currency) ?? presets[0];
  const values = (entry?.amount ?? []).map((a) => a.value);
  return bounds ? values.filter((v) => v >= bounds.min && v <= bounds.max) : values;
};

/** A preset value as the input shows it: `1,000` (no decimals for whole amounts). */
export const presetText = (value: number) =>
  formatAmountInput(Number.isInteger(value) ? String(value) : value.toFixed(2));

/** The amount on a submit button (`$1,250.00`), or nothing while the field is empty or invalid. */
export const amountLabel = (value: string, min: number, max: number, currency: string) =>
  value && !checkAmount(value, min, max) ? formatMoney(toCents(amountParam(value)), currency) : '';
