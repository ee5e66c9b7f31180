/**
 * saveProfileInfo: only the fields sent change. Each is checked by its spec §5 rule and the country's field
 * definitions (required, select lists, postcode pattern, CPF); all failures are answered together.
 */
import { rules } from '@casino/contracts';
import {
  AVAILABLE_CURRENCIES,
  findCountry,
  isValidCpf,
  personalDataFields,
} from '@casino/contracts/countries';
import type { TFieldCode } from '@casino/contracts/validation';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import type { TPlayer, TProfileData } from '../players/index.ts';
import { updatePlayer } from '../players/index.ts';

/** The youngest a player may be, and the earliest believable birth year. */
export const MIN_BIRTH_YEAR = 1900;
const MAX_TEXT = 100;

export type TProfileInput = Partial<
  Record<
    | 'first_name'
    | 'middle_name'
    | 'last_name'
    | 'sex'
    | 'birth_date'
    | 'document_type'
    | 'document_number'
    | 'country_code'
    | 'region'
    | 'home_town'
    | 'address'
    | 'postcode'
    | 'currency',
    string
  >
>;

const TEXT_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'sex',
  'birth_date',
  'region',
  'home_town',
  'address',
  'postcode',
  'document_type',
  'document_number',
] as const;
type TTextField = (typeof TEXT_FIELDS)[number];

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** `minimumAge`: the operator's minimum age of a player (auth's registration rules, issue 41). */
export const saveProfileInfo = async (
  db: TExecutor,
  player: TPlayer,
  input: TProfileInput,
  now: Date,
  minimumAge: number = rules.DEFAULT_MINIMUM_AGE,
  /** The validator config's postcode pattern, for a country without a postcode format of its own. */
  defaultPostcode?: string,
  /** The validator config's earliest birth year. */
  minBirthYear: number = MIN_BIRTH_YEAR,
) => {
  const failures: Record<string, TFieldCode> = {};
  const changes: Partial<Record<TTextField, string | number | undefined>> = {};

  let countryCode = player.countryCode;
  if (input.country_code !== undefined) {
    const country = findCountry(input.country_code);
    if (rules.isBlank(input.country_code)) failures.country_code = 'requiredField';
    else if (!country) failures.country_code = 'wrongField';
    else countryCode = country.code;
  }
  const definitions = new Map(personalDataFields(countryCode, defaultPostcode).map((d) => [d.sysname, d]));
  const listValues = (sysname: string) => (definitions.get(sysname)?.options.list ?? []).map((o) => o.value);
  const documentType = input.document_type?.trim() ?? player.profile.document_type ?? '';

  const check = (fieldName: TTextField, value: string): TFieldCode | null => {
    if (value.length > MAX_TEXT) return 'maxLength';
    switch (fieldName) {
      case 'first_name':
      case 'middle_name':
      case 'last_name':
        return rules.name(value);
      case 'home_town':
      case 'address':
        return rules.address(value);
      case 'sex':
        return /^[0-2]$/.test(value) ? null : 'wrongField';
      case 'birth_date':
        return rules.birthDate({ now, minimumAge, minYear: minBirthYear })(value);
      case 'postcode': {
        const regex = definitions.get('postcode')?.options.regex;
        return rules.postcode(regex ? new RegExp(regex) : undefined)(value);
      }
      case 'region': {
        const list = listValues('region');
        return list.length === 0 ? rules.address(value) : list.includes(value) ? null : 'wrongField';
      }
      case 'document_type':
        return listValues('document_type').includes(value) ? null : 'wrongField';
      case 'document_number':
        if (documentType === 'cpf') return isValidCpf(value) ? null : 'wrongField';
        return /^[\p{L}\d -]{3,30}$/u.test(value) ? null : 'wrongField';
    }
  };

  for (const fieldName of TEXT_FIELDS) {
    const raw = input[fieldName];
    if (raw === undefined) continue;
    const value = rules.stripEmoji(raw).trim();
    const definition = definitions.get(fieldName);
    if (value === '') {
      if (definition?.params.is_required && definition.params.is_visible)
        failures[fieldName] = 'requiredField';
      else changes[fieldName] = fieldName === 'sex' ? 0 : undefined;
      continue;
    }
    const failure = check(fieldName, value);
    if (failure) failures[fieldName] = failure;
    else if (fieldName === 'sex') changes.sex = Number(value);
    else if (fieldName === 'birth_date') changes.birth_date = isoDate(rules.parseDate(value) as Date);
    else changes[fieldName] = value;
  }
  if (changes.document_number && !documentType) failures.document_type = 'requiredField';

  if (input.currency !== undefined && !(AVAILABLE_CURRENCIES as readonly string[]).includes(input.currency))
    failures.currency = 'wrongField';

  if (Object.keys(failures).length > 0) throw invalidParameters(failures);

  const profile: TProfileData = { ...player.profile, ...(changes as Partial<TProfileData>) };
  for (const key of Object.keys(changes) as TTextField[]) if (changes[key] === undefined) delete profile[key];
  // A new country may not have the old region: drop it rather than keep a region of another country.
  const regions = listValues('region');
  if (input.region === undefined && profile.region && regions.length > 0 && !regions.includes(profile.region))
    delete profile.region;
  await updatePlayer(db, player.id, {
    profile,
    countryCode,
    ...(input.currency ? { currency: input.currency } : {}),
    // A messaging-app sign-up completes its registration with its first valid profile save (the socialRegistration view).
    ...(player.isRegistrationCompleted ? {} : { isRegistrationCompleted: true }),
  });
};
