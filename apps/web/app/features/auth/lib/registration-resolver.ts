/** The registration form's react-hook-form resolver: each field's §5 rule, the terms box and the promo code. */
import { checkbox } from '@casino/contracts/validation';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { TRegistrationConfig, TRegistrationField } from './registration-config.ts';
import { ruleFor } from './registration-fields.ts';
import type { TRegistrationValues } from './registration-payload.ts';

export const validateRegistration = (
  values: TRegistrationValues,
  fields: readonly TRegistrationField[],
  config: TRegistrationConfig,
  options: { termsRequired: boolean; now?: Date },
): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const rule = ruleFor(field, {
      values,
      extra: config.form.validation[field.sysname],
      minimumAge: config.minimumAge,
      minYear: config.minBirthYear,
      ...(options.now ? { now: options.now } : {}),
    });
    const failure = rule(String(values[field.sysname] ?? ''));
    if (failure) errors[field.sysname] = failure;
  }
  if (options.termsRequired) {
    const failure = checkbox(values.terms === true);
    if (failure) errors.terms = failure;
  }
  // Promo: always valid on the client, but a ticked box needs at least one character (spec §5).
  if (values.hasPromocode && String(values.promo_code ?? '').trim() === '')
    errors.promo_code = 'requiredField';
  return errors;
};

export const registrationResolver =
  (
    fields: readonly TRegistrationField[],
    config: TRegistrationConfig,
    options: { termsRequired: boolean },
  ): Resolver<TRegistrationValues> =>
  async (values) => {
    const errors = validateRegistration(values, fields, config, options);
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    const fieldErrors: FieldErrors<TRegistrationValues> = {};
    for (const [name, code] of Object.entries(errors))
      (fieldErrors as Record<string, unknown>)[name] = { type: 'rule', message: code };
    return { values: {}, errors: fieldErrors };
  };
