/**
 * Which fields a registration method shows and which of them are required (spec §5 Registration), and the
 * §5 rule each field is checked with. The rules themselves live in @casino/contracts/validation.
 */

import type { TFieldDefinition } from '@casino/contracts/countries';
import { findCountry } from '@casino/contracts/countries';
import * as rules from '@casino/contracts/validation';
import { BIRTH_MIN_YEAR, fakenameWithMin } from '@casino/contracts/validator-config';
import type { TAuthType, TRegistrationConfig, TRegistrationField } from './registration-config.ts';

export const hasFastAndFullForms = (config: TRegistrationConfig) =>
  config.authTypes.some((a) => a.component === 'fast' || a.isFast) &&
  config.authTypes.some((a) => a.component === 'form' && !a.isFast);

export const isFastMethod = (method: TAuthType) => method.component === 'fast' || method.isFast === true;

/** The profile calls the phone `mobile`; the registration form calls it `phone`. */
const sameField = (a: string, b: string) =>
  a === b || (a === 'phone' && b === 'mobile') || (a === 'mobile' && b === 'phone');

/**
 * The fields of one method: the config's fields, updated by the country's personal-data definitions
 * (options, visibility), narrowed to the method's own list when it has one; then fast keeps only the required
 * ones and full (beside a fast form) requires all.
 */
export const resolveFields = (
  config: TRegistrationConfig,
  method: TAuthType,
  personal: readonly TFieldDefinition[] = [],
): TRegistrationField[] => {
  const merged = config.fields.map((f): TRegistrationField => {
    const server = personal.find((p) => sameField(p.sysname, f.sysname));
    if (!server) return f;
    const keepsOwnType = f.type === 'email' || f.type === 'currency' || f.type === 'phone';
    return {
      ...f,
      type: keepsOwnType ? f.type : server.type,
      params: {
        is_required: f.params.is_required,
        is_visible: f.params.is_visible && server.params.is_visible,
      },
      options: { ...f.options, ...server.options },
    };
  });
  const listed = (f: TRegistrationField) =>
    !method.fields || method.fields.some((name) => sameField(name, f.sysname));
  const visible = merged.filter((f) => f.params.is_visible && listed(f));
  // The identity field of the method is always asked and required.
  const identity = (f: TRegistrationField) => f.sysname === method.field;
  if (isFastMethod(method)) return visible.filter((f) => f.params.is_required || identity(f));
  const requireAll = hasFastAndFullForms(config);
  return visible.map((f) =>
    requireAll || identity(f) ? { ...f, params: { ...f.params, is_required: true } } : f,
  );
};

const NAME_FIELDS = new Set(['first_name', 'middle_name', 'last_name']);
const ADDRESS_FIELDS = new Set(['address', 'home_town']);

export interface TRuleOptions {
  /** The other values of the form, for rules that compare (the password repeat). */
  values: Record<string, unknown>;
  extra?: { regex?: string; min?: number; max?: number };
  now?: Date;
  /** The operator's minimum age: a birth date younger than it is `underAge` (issue 41). */
  minimumAge?: number;
  /** The earliest birth year taken (the validator config's birth_date minYear). */
  minYear?: number;
}

/** The §5 rule of one registration field (already wrapped so that an optional empty field passes). */
export const ruleFor = (field: TRegistrationField, options: TRuleOptions): rules.TRule => {
  const isRequired = field.params.is_required;
  const now = options.now ?? new Date();
  // The nickname's own code (minCountSymbolsFakename) under the operator's raised minimum, as the server answers.
  const fakename = fakenameWithMin(options.extra?.min ?? rules.FAKENAME_MIN);
  const base = ((): rules.TRule => {
    if (field.sysname === 'password_confirmation' || field.sysname === 'password_repeat')
      return rules.passwordRepeat(String(options.values.password ?? ''));
    switch (field.type) {
      case 'email':
        return rules.email;
      case 'password':
        return rules.password;
      case 'phone': {
        const country = findCountry(String(options.values.phone_country_code ?? ''));
        return rules.phone(field.options.mask ?? country?.mask);
      }
      case 'date':
        return field.sysname === 'birth_date'
          ? rules.birthDate({
              now,
              minYear: options.minYear ?? BIRTH_MIN_YEAR,
              minimumAge: options.minimumAge ?? rules.DEFAULT_MINIMUM_AGE,
            })
          : rules.date({ minYear: BIRTH_MIN_YEAR, maxDate: now });
      case 'fakename':
        return fakename;
      default:
        break;
    }
    if (NAME_FIELDS.has(field.sysname)) return rules.name;
    if (ADDRESS_FIELDS.has(field.sysname)) return rules.address;
    if (field.sysname === 'fakename') return fakename;
    if (field.sysname === 'postcode')
      return rules.postcode(field.options.regex ? new RegExp(field.options.regex) : undefined);
    return rules.required;
  })();
  const extra: rules.TRule[] = [];
  const regex = options.extra?.regex ?? (field.sysname === 'postcode' ? undefined : field.options.regex);
  if (regex) extra.push(rules.pattern(new RegExp(regex)));
  if (options.extra?.min !== undefined) extra.push(rules.minLength(options.extra.min));
  if (options.extra?.max !== undefined) extra.push(rules.maxLength(options.extra.max));
  const rule = rules.firstFailure(base, ...extra);
  // Email, password and phone answer their own "insert…" codes when empty, so they are not wrapped.
  const answersEmpty = field.type === 'email' || field.type === 'password' || field.type === 'phone';
  return (value) => {
    if (rules.isBlank(value)) {
      if (!isRequired) return null;
      return answersEmpty ? rule(value) : 'requiredField';
    }
    return rule(value);
  };
};
