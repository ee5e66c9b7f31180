/**
 * The validation rules of spec §5, as pure functions that answer a field code (or null when valid).
 * The same functions run in the browser forms and on the server, so the two always agree.
 */

export const FIELD_CODES = [
  'requiredField',
  'wrongField',
  'sumError',
  'insertPhoneNumber',
  'wrongPhoneFormat',
  'insertEmailAddress',
  'wrongEmailAddress',
  'insertPassword',
  'shortPassword',
  'longPassword',
  'notWalidPassword',
  'useSpace',
  'passwordsNotEqual',
  /** One of the most common passwords (OWASP ASVS 5 V6.2.4); checked on the server, which holds the list. */
  'commonPassword',
  'minCountSymbolsFakename',
  'specialSymbolsFakename',
  'uncheckedCheckbox',
  'minLength',
  'maxLength',
  'wrongDate',
  /** A birth date younger than the operator's minimum age (spec §5 Date, issue 41). */
  'underAge',
  'wrongIban',
  'wrongCardNumber',
  'wrongCode',
  'alreadyExists',
  'notFound',
] as const;
export type TFieldCode = (typeof FIELD_CODES)[number];
export const isFieldCode = (value: string): value is TFieldCode =>
  (FIELD_CODES as readonly string[]).includes(value);

export type TRule<T = string> = (value: T) => TFieldCode | null;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
export const CODE_LENGTH = 6;
export const FAKENAME_MIN = 4;
/** A nickname is shown on leaderboards and in live feeds: at most this many characters. */
export const FAKENAME_MAX = 32;
export const DEFAULT_POSTCODE_REGEX = /^\d{0,8}$/;

const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u{FE0F}|\u{200D}|\u{20E3}/gu;
/** Emoji are stripped from every text input (spec §5). */
export const stripEmoji = (value: string): string => value.replace(EMOJI, '');

/** The login is sent with a leading plus sign removed (spec §5). */
export const normaliseLogin = (value: string): string => value.trim().replace(/^\+/, '');

export const isBlank = (value: string | null | undefined): boolean => (value ?? '').trim() === '';

export const required: TRule = (value) => (isBlank(value) ? 'requiredField' : null);

export const optional =
  (rule: TRule, isRequired: boolean): TRule =>
  (value) =>
    isBlank(value) ? (isRequired ? 'requiredField' : null) : rule(value);

const NAME_FORBIDDEN = /[0-9@_"!?#$%^&*(){}[\]|/\\<>~§+:;`]/;
export const name: TRule = (value) => {
  if (isBlank(value)) return 'requiredField';
  return NAME_FORBIDDEN.test(value) ? 'wrongField' : null;
};

const ADDRESS_FORBIDDEN = /[@_"!?#$%^&*(){}[\]\\<>~§+:;`]/;
export const address: TRule = (value) => {
  if (isBlank(value)) return 'requiredField';
  return ADDRESS_FORBIDDEN.test(value) ? 'wrongField' : null;
};

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+){1,2}$/;
export const email: TRule = (value) => {
  if (isBlank(value)) return 'insertEmailAddress';
  return EMAIL.test(value.trim()) ? null : 'wrongEmailAddress';
};

/** The characters a password may hold: latin letters, digits and the printable ASCII symbols. */
const PASSWORD_ALLOWED = /[A-Za-z0-9!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/;

/** The characters of a password that the allowed pattern refuses, each once, in order of appearance. */
export const offendingPasswordCharacters = (value: string): string[] => {
  const seen = new Set<string>();
  for (const char of value) if (!PASSWORD_ALLOWED.test(char)) seen.add(char);
  return [...seen];
};

/** The password rule of spec §5 with a minimum length, which the operator may raise (see passwordMinOf). */
export const passwordWithMin =
  (min: number): TRule =>
  (value) => {
    if (value === '') return 'insertPassword';
    if (value.includes(' ')) return 'useSpace';
    if (offendingPasswordCharacters(value).length > 0) return 'notWalidPassword';
    if (value.length < min) return 'shortPassword';
    if (value.length > PASSWORD_MAX) return 'longPassword';
    return null;
  };

export const password: TRule = passwordWithMin(PASSWORD_MIN);

/**
 * The password's minimum length from the site's validator config (`{ field: 'password', params: { min } }`):
 * the operator may raise the spec's 6, up to its maximum of 20, never lower it; anything else keeps 6.
 */
export const passwordMinOf = (validatorConfig: unknown): number => {
  const entries = Array.isArray(validatorConfig) ? (validatorConfig as unknown[]) : [];
  const entry = entries.find(
    (e): e is { params?: { min?: unknown } } => (e as { field?: unknown } | null)?.field === 'password',
  );
  const min = entry?.params?.min;
  if (typeof min !== 'number' || !Number.isInteger(min)) return PASSWORD_MIN;
  return Math.min(Math.max(min, PASSWORD_MIN), PASSWORD_MAX);
};

export const passwordRepeat =
  (previous: string): TRule =>
  (value) =>
    value === previous ? null : 'passwordsNotEqual';

/** A phone is digits only; with a country mask its digit count must match the mask's `#` count. */
export const phone =
  (mask?: string | readonly string[]): TRule =>
  (value) => {
    if (isBlank(value)) return 'insertPhoneNumber';
    const digits = value.replace(/[\s()-]/g, '').replace(/^\+/, '');
    if (!/^\d+$/.test(digits)) return 'wrongPhoneFormat';
    const masks = mask === undefined ? [] : typeof mask === 'string' ? [mask] : mask;
    if (masks.length === 0) return digits.length >= 7 && digits.length <= 15 ? null : 'wrongPhoneFormat';
    const lengths = masks.map((m) => (m.match(/#/g) ?? []).length);
    return lengths.includes(digits.length) ? null : 'wrongPhoneFormat';
  };

/** Digits of a pasted phone, matched to the country whose phone code is the longest prefix. */
export const matchPhoneCountry = <C extends { phone_code: string }>(
  pasted: string,
  countries: readonly C[],
): { country: C | undefined; number: string } => {
  const digits = pasted.replace(/\D/g, '');
  const country = [...countries]
    .sort((a, b) => b.phone_code.length - a.phone_code.length)
    .find((c) => digits.startsWith(c.phone_code.replace(/\D/g, '')));
  return { country, number: country ? digits.slice(country.phone_code.replace(/\D/g, '').length) : digits };
};

export const code: TRule = (value) => {
  if (isBlank(value)) return 'requiredField';
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(value.trim()) ? null : 'wrongCode';
};

const FAKENAME_FORBIDDEN = /[,_\s"'`\-!@#$%^&*()+=[\]{};:\\|<>/?~§.]/;
/** What a nickname is made of: letters and digits of any script… */
const FAKENAME_BASE = /^[\p{L}\p{N}]$/u;
/** …with the accents and vowel signs (marks) of the letter before them… */
const FAKENAME_MARK = /^\p{M}$/u;
/** …and nothing that does not show: zero-width and bidirectional controls, variation selectors, fillers, tags. */
const INVISIBLE = /^\p{Default_Ignorable_Code_Point}$/u;
/** Marks on one letter: enough for any script's accents and vowel signs, too few for "Zalgo" text. */
const FAKENAME_MAX_MARKS = 3;

/**
 * Spec §5 (at least 4 characters; no comma, underscore, space, quotes, dash or special symbols), bounded in length
 * and held to an allow-list of visible characters, so no name can be invisible, reversed or taller than its line.
 */
export const fakename: TRule = (value) => {
  if (value.trim().length < FAKENAME_MIN) return 'minCountSymbolsFakename';
  const chars = [...value];
  if (chars.length > FAKENAME_MAX) return 'maxLength';
  if (FAKENAME_FORBIDDEN.test(value)) return 'specialSymbolsFakename';
  let marks = -1; // -1: no letter yet to carry a mark
  for (const char of chars) {
    if (INVISIBLE.test(char)) return 'specialSymbolsFakename';
    if (FAKENAME_MARK.test(char)) {
      if (marks < 0 || ++marks > FAKENAME_MAX_MARKS) return 'specialSymbolsFakename';
    } else if (FAKENAME_BASE.test(char)) marks = 0;
    else return 'specialSymbolsFakename';
  }
  return null;
};

export const postcode =
  (regex: RegExp = DEFAULT_POSTCODE_REGEX): TRule =>
  (value) =>
    regex.test(value.trim()) ? null : 'wrongField';

export const cardHolder: TRule = (value) => {
  if (isBlank(value)) return 'requiredField';
  return /^[\p{L} .'-]+$/u.test(value.trim()) ? null : 'wrongField';
};

export const luhn = (digits: string): boolean => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
};

/** A masked card (`123456...1234`) or a 12–19 digit number passing Luhn. */
export const cardNumber: TRule = (value) => {
  if (isBlank(value)) return 'requiredField';
  const v = value.replace(/\s/g, '');
  if (/^\d{6}\.\.\.\d{4}$/.test(v)) return null;
  return /^\d{12,19}$/.test(v) && luhn(v) ? null : 'wrongCardNumber';
};

/** IBAN lengths per country (ISO 13616 registry, the SEPA area and common others). */
export const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TN: 24,
  TR: 26,
  UA: 29,
  VG: 24,
  XK: 20,
};

export const iban: TRule = (value) => {
  if (isBlank(value)) return 'requiredField';
  const v = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(v)) return 'wrongIban';
  const length = IBAN_LENGTHS[v.slice(0, 2)];
  if (length === undefined || v.length !== length) return 'wrongIban';
  const rearranged = v.slice(4) + v.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const n = char >= 'A' ? (char.charCodeAt(0) - 55).toString() : char;
    for (const digit of n) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? null : 'wrongIban';
};

/** Parses `yyyy-mm-dd` or `dd.mm.yyyy` into a UTC date, or null. */
export const parseDate = (value: string): Date | null => {
  const v = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  const dotted = /^(\d{2})[.,'-](\d{2})[.,'-](\d{4})$/.exec(v);
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]]
    : dotted
      ? [dotted[3], dotted[2], dotted[1]]
      : [undefined, undefined, undefined];
  if (!y || !m || !d) return null;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(m) - 1 &&
    date.getUTCDate() === Number(d)
    ? date
    : null;
};

export const date =
  (options: { minYear?: number; maxYear?: number; maxDate?: Date } = {}): TRule =>
  (value) => {
    if (isBlank(value)) return 'requiredField';
    if (!/^[\d,.'-]+$/.test(value.trim())) return 'wrongDate';
    const parsed = parseDate(value);
    if (!parsed) return 'wrongDate';
    const year = parsed.getUTCFullYear();
    if (options.minYear !== undefined && year < options.minYear) return 'wrongDate';
    if (options.maxYear !== undefined && year > options.maxYear) return 'wrongDate';
    if (options.maxDate && parsed.getTime() > options.maxDate.getTime()) return 'wrongDate';
    return null;
  };

/** The operator's minimum age of a player when it sets none (issue 41: players must be adults). */
export const DEFAULT_MINIMUM_AGE = 18;

/** `years` before `now` (UTC calendar): the latest birth date of a player that old today. */
export const yearsBefore = (now: Date, years: number) => {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d;
};

/** A birth date: a valid date (wrongDate, never in the future) and at least `minimumAge` years ago (underAge). */
export const birthDate =
  (options: { now: Date; minimumAge?: number; minYear?: number }): TRule =>
  (value) => {
    const failure = date({ minYear: options.minYear ?? 1900, maxDate: options.now })(value);
    if (failure) return failure;
    const born = parseDate(value) as Date;
    const latest = yearsBefore(options.now, options.minimumAge ?? DEFAULT_MINIMUM_AGE);
    return born.getTime() > latest.getTime() ? 'underAge' : null;
  };

/** An amount in major units: digits, no leading zero, at most 2 decimals, between min and max. */
export const sum =
  (min: number, max: number): TRule =>
  (value) => {
    const v = value.replace(/,/g, '').trim();
    if (!/^\d+(\.\d{1,2})?$/.test(v)) return 'wrongField';
    if (/^0\d/.test(v) || Number(v) === 0) return 'sumError';
    const n = Number(v);
    return n < min || n > max ? 'sumError' : null;
  };

export const minLength =
  (min: number): TRule =>
  (value) =>
    value.trim().length < min ? 'minLength' : null;

export const maxLength =
  (max: number): TRule =>
  (value) =>
    value.length > max ? 'maxLength' : null;

export const checkbox: TRule<boolean | string> = (value) =>
  value === true || value === '1' || value === 'true' ? null : 'uncheckedCheckbox';

export const pattern =
  (regex: RegExp): TRule =>
  (value) =>
    regex.test(value) ? null : 'wrongField';

/** Runs rules in order and answers the first failing code. */
export const firstFailure =
  (...rules: TRule[]): TRule =>
  (value) => {
    for (const rule of rules) {
      const failure = rule(value);
      if (failure) return failure;
    }
    return null;
  };
