/** Reads the amount param (major units, "1,234.50" allowed) into cents, with the §5 field codes. */
import { type Cents, toCents } from '@casino/contracts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import type { TPaymentMethod } from './settings.ts';

export const parseAmount = (text: string): Cents => {
  if (text.trim() === '') throw invalidParameters({ amount: 'requiredField' });
  let cents: Cents;
  try {
    cents = toCents(text);
  } catch {
    throw invalidParameters({ amount: 'wrongField' });
  }
  if (cents <= 0n) throw invalidParameters({ amount: 'sumError' });
  return cents;
};

export const methodView = (
  method: TPaymentMethod,
  direction: 'deposit' | 'withdrawal',
  currency: string,
) => ({
  id: method.id,
  sysname: method.sysname,
  name: method.name,
  type: method.type,
  currency,
  min_amount: Number(method[direction].min) / 100,
  max_amount: Number(method[direction].max) / 100,
  requisites:
    direction === 'withdrawal'
      ? method.withdrawalRequisites.map((r) => ({ sysname: r.sysname, type: r.type, is_required: true }))
      : [],
});
