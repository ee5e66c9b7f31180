/**
 * Reads the amount param (major units, "1,234.50" allowed) into cents, with the §5 field codes; a method's limits
 * narrowed by the site-wide amount bounds of the validator config list (spec §3).
 */
import { type Cents, toCents } from '@casino/contracts';
import { amountBoundsOf, narrowBounds } from '@casino/contracts/validator-config';
import type { TDb } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { getSetting } from '../metadata/index.ts';
import { findMethod, type TPaymentMethod } from './settings.ts';

/** The validator config's amount bounds (`{ field: 'amount', params: { min, max } }`) in cents. */
export const siteAmountBounds = async (db: TDb): Promise<{ min?: Cents; max?: Cents }> => {
  const site = (await getSetting(db, 'site-config')) as { validatorConfig?: unknown } | null;
  const { min, max } = amountBoundsOf(site?.validatorConfig);
  return { ...(min !== undefined && { min: toCents(min) }), ...(max !== undefined && { max: toCents(max) }) };
};

/** The method with its deposit and withdrawal limits narrowed by the site-wide bounds. */
export const withSiteBounds = (
  method: TPaymentMethod,
  bounds: { min?: Cents; max?: Cents },
): TPaymentMethod => ({
  ...method,
  deposit: narrowBounds(method.deposit, bounds),
  withdrawal: narrowBounds(method.withdrawal, bounds),
});

/** The method a call names (by id, sysname or both) with the site-wide bounds; a field error when there is none. */
export const methodOfCall = async (db: TDb, input: { methodId: number; method: string }) => {
  const found = findMethod(input.methodId, input.method);
  if (!found)
    throw invalidParameters({ method: input.method || input.methodId ? 'wrongField' : 'requiredField' });
  return withSiteBounds(found, await siteAmountBounds(db));
};

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
