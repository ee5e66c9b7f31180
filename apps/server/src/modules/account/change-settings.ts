/** Small account settings: nickname, locale, currency, the verification request. */
import { DEFAULT_CURRENCY } from '@casino/contracts';
import { AVAILABLE_CURRENCIES, isAvailableLocale } from '@casino/contracts/countries';
import { FAKENAME_MIN } from '@casino/contracts/validation';
import { fakenameWithMin } from '@casino/contracts/validator-config';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { updatePlayer } from '../players/index.ts';
import { isUniqueViolation } from './db-errors.ts';

/**
 * The nickname, held to the operator's minimum length (the site's validator config; the contract checks the rest),
 * unique case-insensitively (a unique index on lower(fakename) guarantees it).
 */
export const changeFakename = async (
  db: TExecutor,
  playerId: number,
  fakename: string,
  min: number = FAKENAME_MIN,
) => {
  const failure = fakenameWithMin(min)(fakename);
  if (failure) throw invalidParameters({ fakename: failure });
  try {
    await updatePlayer(db, playerId, { fakename: fakename.trim() });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidParameters({ fakename: 'alreadyExists' });
    throw error;
  }
};

export const changeLocale = async (db: TExecutor, playerId: number, locale: string) => {
  const code = locale.trim().toLowerCase();
  if (!isAvailableLocale(code)) throw invalidParameters({ locale: 'wrongField' });
  await updatePlayer(db, playerId, { locale: code });
};

export const setCurrency = async (db: TExecutor, playerId: number, currency: string) => {
  const code = currency.trim().toUpperCase() || DEFAULT_CURRENCY;
  if (!(AVAILABLE_CURRENCIES as readonly string[]).includes(code))
    throw invalidParameters({ currency: 'wrongField' });
  await updatePlayer(db, playerId, { currency: code });
};

export const setOnVerification = async (db: TExecutor, playerId: number) => {
  await updatePlayer(db, playerId, { isOnVerification: true });
};
