/** addcontact and changeSubscription: a player's e-mail and phone (spec §3 Contact, §4 Contact flow). */
import { rules } from '@casino/contracts';
import { findCountry } from '@casino/contracts/countries';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import {
  findContact,
  findPlayerByLogin,
  isContactTaken,
  listContacts,
  saveContact,
  setContactSubscribed,
  updatePlayer,
} from '../players/index.ts';
import { isUniqueViolation } from './db-errors.ts';

export type TContactType = 'email' | 'phone';

/**
 * A phone as stored: international digits (phone code + national number). The national number must fit the
 * country mask; it may be sent with or without its phone code.
 */
export const normalisePhone = (value: string, countryCode: string) => {
  const country = findCountry(countryCode);
  if (!country) return { failure: 'wrongPhoneFormat' as const };
  const digits = value.replace(/[\s().-]/g, '').replace(/^\+/, '');
  if (rules.isBlank(digits)) return { failure: 'insertPhoneNumber' as const };
  const fits = (national: string) => rules.phone(country.mask)(national) === null;
  const national = fits(digits)
    ? digits
    : digits.startsWith(country.phone_code) && fits(digits.slice(country.phone_code.length))
      ? digits.slice(country.phone_code.length)
      : null;
  if (national === null) return { failure: 'wrongPhoneFormat' as const };
  return { value: `${country.phone_code}${national}`, countryCode: country.code };
};

/** Validates, checks that nobody else has it, and sets it as the player's unconfirmed contact of that type. */
export const addContact = async (
  db: TExecutor,
  playerId: number,
  input: { type: TContactType; value: string; phoneCountryCode: string },
) => {
  let value: string;
  let phoneCountryCode: string | null = null;
  if (input.type === 'email') {
    value = rules.stripEmoji(input.value).trim();
    const failure = rules.email(value);
    if (failure) throw invalidParameters({ value: failure });
  } else {
    const phone = normalisePhone(input.value, input.phoneCountryCode);
    if ('failure' in phone) throw invalidParameters({ value: phone.failure ?? 'wrongPhoneFormat' });
    value = phone.value;
    phoneCountryCode = phone.countryCode;
  }

  const existing = await findContact(db, playerId, input.type);
  if (existing && existing.value.toLowerCase() === value.toLowerCase()) return;
  if (existing?.isConfirmed)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { type: 'alreadyExists' },
      message: 'A confirmed contact cannot be replaced',
    });
  const loginOwner = await findPlayerByLogin(db, value);
  if ((await isContactTaken(db, input.type, value, playerId)) || (loginOwner && loginOwner.id !== playerId))
    throw invalidParameters({ value: 'alreadyExists' });

  try {
    await saveContact(db, {
      playerId,
      existingId: existing?.id ?? null,
      type: input.type,
      value,
      phoneCountryCode,
    });
  } catch (error) {
    // Two players adding the same value at once: the unique index decides.
    if (isUniqueViolation(error)) throw invalidParameters({ value: 'alreadyExists' });
    throw error;
  }
  await updatePlayer(
    db,
    playerId,
    input.type === 'email' ? { email: value } : { phone: value, phoneCountryCode },
  );
};

export const requireContact = async (db: TExecutor, playerId: number, type: TContactType) => {
  const contact = await findContact(db, playerId, type);
  if (!contact) throw invalidParameters({ contact: 'notFound' });
  return contact;
};

/** Sets a contact's subscription; the account's flag follows (subscribed while any contact is). */
export const changeSubscription = async (
  db: TExecutor,
  playerId: number,
  type: TContactType,
  isSubscribed: boolean,
) => {
  const contact = await requireContact(db, playerId, type);
  await setContactSubscribed(db, playerId, contact.id, isSubscribed);
  const contacts = await listContacts(db, playerId);
  await updatePlayer(db, playerId, { isSubscribed: contacts.some((c) => c.isSubscribed) });
};
