/**
 * Reading the promotions forms' text fields into typed values: an amount in major units ("25.00"), a whole number,
 * a date ("2026-12-31"), a reason. A malformed value is an InvalidParameterException on its field (shown as a flash
 * error), never a half-read number.
 */
import { type Cents, toCents } from '@casino/contracts';
import { invalidParameters } from '../../platform/http/app-error.ts';

/** One amount stays under this (a typo guard: 100,000.00). */
export const MAX_FORM_AMOUNT: Cents = 10_000_000n;

/** A positive amount with at most two decimals; '' is null when `optional`. */
export const amountField = (name: string, text: string, optional = false): Cents | null => {
  const value = text.trim();
  if (!value) {
    if (optional) return null;
    throw invalidParameters({ [name]: 'requiredField' });
  }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) throw invalidParameters({ [name]: 'wrongField' });
  const cents = toCents(value);
  if (cents <= 0n) throw invalidParameters({ [name]: 'wrongField' });
  if (cents > MAX_FORM_AMOUNT) throw invalidParameters({ [name]: 'maxValue' });
  return cents;
};

/** An amount that may be zero (a minimum). */
export const amountOrZeroField = (name: string, text: string): Cents => {
  const value = text.trim();
  if (value === '' || /^0+(\.0{1,2})?$/.test(value)) return 0n;
  return amountField(name, value) ?? 0n;
};

/** A whole number in [min, max]; '' is null when `optional`. */
export const intField = (name: string, text: string, min: number, max: number, optional = false) => {
  const value = text.trim();
  if (!value) {
    if (optional) return null;
    throw invalidParameters({ [name]: 'requiredField' });
  }
  if (!/^-?\d{1,7}$/.test(value)) throw invalidParameters({ [name]: 'wrongField' });
  const n = Number(value);
  if (n > max) throw invalidParameters({ [name]: 'maxValue' });
  if (n < min) throw invalidParameters({ [name]: 'wrongField' });
  return n;
};

/** Decimal odds with at most three decimals, 1.00 to 1000, as thousandths (1.5 → 1500); '' is null (any odds). */
export const oddsField = (name: string, text: string): number | null => {
  const value = text.trim();
  if (!value) return null;
  if (!/^\d{1,4}(\.\d{1,3})?$/.test(value)) throw invalidParameters({ [name]: 'wrongField' });
  const [whole = '0', fraction = ''] = value.split('.');
  const thousandths = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
  if (thousandths < 1000) throw invalidParameters({ [name]: 'minValue' });
  if (thousandths > 1_000_000) throw invalidParameters({ [name]: 'maxValue' });
  return thousandths;
};

export const requiredInt = (name: string, text: string, min: number, max: number) =>
  intField(name, text, min, max) as number;

/** A day (YYYY-MM-DD, UTC midnight) or a minute (YYYY-MM-DDTHH:MM, UTC); '' is null. */
export const dateField = (name: string, text: string): Date | null => {
  const value = text.trim();
  if (!value) return null;
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?$/.exec(value);
  const at = match ? new Date(`${match[1]}T${match[2] ?? '00:00'}:00Z`) : null;
  if (!at || Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== match?.[1])
    throw invalidParameters({ [name]: 'wrongField' });
  return at;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day the database takes: `2026-13-45` and `2026-02-31` are no days (Postgres refuses them,
 * JavaScript rolls the second over to 3 March), nor is year 0000 (Postgres has no year zero) or 9999 (its next
 * day, an exclusive upper bound, is year 10000).
 */
export const isDay = (value: string) => {
  const at = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  return (
    !Number.isNaN(at) &&
    new Date(at).toISOString().slice(0, 10) === value &&
    value >= '1970' &&
    value < '3000'
  );
};

/** The reason an operator gives (recorded in the audit log): 5 to 500 characters. */
export const reasonField = (text: string) => {
  const reason = text.trim();
  if (reason.length < 5) throw invalidParameters({ reason: reason ? 'minLength' : 'requiredField' });
  if (reason.length > 500) throw invalidParameters({ reason: 'maxLength' });
  return reason;
};

/** The form's one-time key (a UUID rendered into it), so a double submit acts once. */
export const keyField = (text: string) => {
  if (!/^[0-9a-f-]{36}$/i.test(text)) throw invalidParameters({ key: 'wrongField' });
  return text.toLowerCase();
};
