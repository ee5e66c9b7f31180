/**
 * The site's validator config list (spec §3): what an operator may change of the §5 rules — the password's and the
 * nickname's minimum length, the default postcode pattern, the birth date's minimum age and earliest year, the
 * confirmation code's length and the cashier amount's bounds — read the same way by the site and the server.
 */
import {
  CODE_LENGTH,
  FAKENAME_MAX,
  FAKENAME_MIN,
  fakename,
  isBlank,
  passwordMinOf,
  type TRule,
} from './validation.ts';

/** The `params` of the site's validator config entry for a field (spec §3 validator config list), or {}. */
export const validatorParamsOf = (validatorConfig: unknown, field: string): Record<string, unknown> => {
  const entries = Array.isArray(validatorConfig) ? (validatorConfig as unknown[]) : [];
  const entry = entries.find((e) => (e as { field?: unknown } | null)?.field === field) as
    | { params?: unknown }
    | undefined;
  const params = entry?.params;
  return params && typeof params === 'object' && !Array.isArray(params)
    ? (params as Record<string, unknown>)
    : {};
};

/**
 * The nickname's minimum length from the validator config (`{ field: 'fakename', params: { min } }`): the operator
 * may raise the spec's 4, up to the 32 a nickname may have, never lower it; anything else keeps 4.
 */
export const fakenameMinOf = (validatorConfig: unknown): number => {
  const min = validatorParamsOf(validatorConfig, 'fakename').min;
  if (typeof min !== 'number' || !Number.isInteger(min)) return FAKENAME_MIN;
  return Math.min(Math.max(min, FAKENAME_MIN), FAKENAME_MAX);
};

/** The longest postcode pattern the validator config may set (a pattern is compiled for every check). */
const POSTCODE_PATTERN_MAX = 200;

/**
 * The postcode pattern (regex source) of the validator config (`{ field: 'postcode', params: { regex } }`): the
 * operator's default for countries without a postcode format of their own; undefined when there is none, it is too
 * long or it does not compile.
 */
export const postcodePatternOf = (validatorConfig: unknown): string | undefined => {
  const regex = validatorParamsOf(validatorConfig, 'postcode').regex;
  if (typeof regex !== 'string' || regex === '' || regex.length > POSTCODE_PATTERN_MAX) return undefined;
  try {
    new RegExp(regex);
    return regex;
  } catch {
    return undefined;
  }
};

const integerParam = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) ? value : undefined;

/** The earliest birth year a date field takes when the validator config names none (spec §5 Date). */
export const BIRTH_MIN_YEAR = 1900;
const BIRTH_MIN_YEAR_FLOOR = 1850;
/** A minimum age above this is a typing mistake, not a policy. */
const BIRTH_MIN_AGE_MAX = 100;

/**
 * The birth date's entry (`{ field: 'birth_date', params: { minAge, minYear } }`): `minAge` (0 to 100) may only
 * make the operator's minimum age of a player stricter, never looser (the site and the server take the higher of
 * it and the registration config's `minimumAge`); `minYear` is the earliest year taken (1850 up to this year).
 */
export const birthDateLimitsOf = (
  validatorConfig: unknown,
  now: Date = new Date(),
): { minAge: number | undefined; minYear: number } => {
  const params = validatorParamsOf(validatorConfig, 'birth_date');
  const minAge = integerParam(params.minAge);
  const minYear = integerParam(params.minYear);
  return {
    minAge: minAge !== undefined && minAge >= 0 && minAge <= BIRTH_MIN_AGE_MAX ? minAge : undefined,
    minYear:
      minYear !== undefined && minYear >= BIRTH_MIN_YEAR_FLOOR && minYear <= now.getUTCFullYear()
        ? minYear
        : BIRTH_MIN_YEAR,
  };
};

/** The minimum age in force: the stricter of the registration config's and the validator config's. */
export const minimumAgeWith = (minimumAge: number, validatorMinAge: number | undefined) =>
  validatorMinAge === undefined ? minimumAge : Math.max(minimumAge, validatorMinAge);

/** The longest confirmation code an operator may set: still typed by hand from a mail or an SMS. */
export const CODE_LENGTH_MAX = 10;

/**
 * The confirmation code's length (`{ field: 'code', params: { length } }`) of the codes the server mails or texts
 * to confirm a contact: the spec's 6 or longer, up to 10; a shorter one would be easier to guess, so it keeps 6.
 */
export const codeLengthOf = (validatorConfig: unknown): number => {
  const length = integerParam(validatorParamsOf(validatorConfig, 'code').length);
  return length === undefined ? CODE_LENGTH : Math.min(Math.max(length, CODE_LENGTH), CODE_LENGTH_MAX);
};

/** The §5 numeric code rule with the operator's length: required, digits only, exactly `length` of them. */
export const codeOfLength =
  (length: number): TRule =>
  (value) => {
    if (isBlank(value)) return 'requiredField';
    return new RegExp(`^\\d{${length}}$`).test(value.trim()) ? null : 'wrongCode';
  };

/**
 * A confirmation code of any length an operator may set (6 to 10 digits), for the call's contract: the length in
 * force is the one the server sent, and a code of another length simply does not match it.
 */
export const confirmationCode: TRule = (value) => {
  if (isBlank(value)) return 'requiredField';
  return new RegExp(`^\\d{${CODE_LENGTH},${CODE_LENGTH_MAX}}$`).test(value.trim()) ? null : 'wrongCode';
};

/** Cashier amount bounds in major units; absent: the payment method's own. */
export interface TAmountBounds {
  min?: number;
  max?: number;
}

const MAJOR_AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const majorParam = (value: unknown): number | undefined =>
  typeof value === 'number' && value > 0 && MAJOR_AMOUNT.test(String(value)) ? value : undefined;

/**
 * The amount's entry (`{ field: 'amount', rules: ['sum'], params: { min, max } }`, major units with at most 2
 * decimals): site-wide bounds of every deposit and withdrawal, which narrow each payment method's own (spec §5 Sum
 * "between min and max"). A min above the max is ignored as a whole.
 */
export const amountBoundsOf = (validatorConfig: unknown): TAmountBounds => {
  const params = validatorParamsOf(validatorConfig, 'amount');
  const min = majorParam(params.min);
  const max = majorParam(params.max);
  if (min !== undefined && max !== undefined && min > max) return {};
  return { ...(min !== undefined && { min }), ...(max !== undefined && { max }) };
};

/** A method's min and max narrowed by the site-wide bounds (works on major numbers and on cents alike). */
export const narrowBounds = <T extends number | bigint>(
  method: { min: T; max: T },
  bounds: { min?: T; max?: T },
): { min: T; max: T } => ({
  min: bounds.min !== undefined && bounds.min > method.min ? bounds.min : method.min,
  max: bounds.max !== undefined && bounds.max < method.max ? bounds.max : method.max,
});

/** What the site's validator config changes of the §5 rules, read once for a form or a request. */
export interface TValidatorLimits {
  passwordMin: number;
  fakenameMin: number;
  postcodePattern: string | undefined;
  /** The birth date's minimum age (stricter than the registration config's only) and earliest year. */
  birthMinAge: number | undefined;
  birthMinYear: number;
  codeLength: number;
  amount: TAmountBounds;
}

export const validatorLimitsOf = (validatorConfig: unknown, now: Date = new Date()): TValidatorLimits => {
  const birth = birthDateLimitsOf(validatorConfig, now);
  return {
    passwordMin: passwordMinOf(validatorConfig),
    fakenameMin: fakenameMinOf(validatorConfig),
    postcodePattern: postcodePatternOf(validatorConfig),
    birthMinAge: birth.minAge,
    birthMinYear: birth.minYear,
    codeLength: codeLengthOf(validatorConfig),
    amount: amountBoundsOf(validatorConfig),
  };
};

/** The fakename rule with the operator's minimum length (fakenameMinOf): a shorter nickname is refused first. */
export const fakenameWithMin =
  (min: number): TRule =>
  (value) =>
    value.trim().length < min ? 'minCountSymbolsFakename' : fakename(value);
