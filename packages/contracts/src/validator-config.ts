/**
 * The site's validator config list (spec §3): what an operator may change of the §5 rules — the password's and the
 * nickname's minimum length and the default postcode pattern — read the same way by the site and the server.
 */
import { FAKENAME_MAX, FAKENAME_MIN, fakename, passwordMinOf, type TRule } from './validation.ts';

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

/** What the site's validator config changes of the §5 rules, read once for a form or a request. */
export interface TValidatorLimits {
  passwordMin: number;
  fakenameMin: number;
  postcodePattern: string | undefined;
}

export const validatorLimitsOf = (validatorConfig: unknown): TValidatorLimits => ({
  passwordMin: passwordMinOf(validatorConfig),
  fakenameMin: fakenameMinOf(validatorConfig),
  postcodePattern: postcodePatternOf(validatorConfig),
});

/** The fakename rule with the operator's minimum length (fakenameMinOf): a shorter nickname is refused first. */
export const fakenameWithMin =
  (min: number): TRule =>
  (value) =>
    value.trim().length < min ? 'minCountSymbolsFakename' : fakename(value);
