/** Registration with the full or fast form (spec §3 Registration payload, §4 Registration, §5 rules). */
import type { TRegisterParams } from '@casino/contracts/calls/auth';
import {
  address,
  birthDate,
  email,
  firstFailure,
  maxLength,
  name,
  pattern,
  phone,
  postcode,
  type TFieldCode,
  type TRule,
} from '@casino/contracts/validation';
import { fakenameWithMin, type TValidatorLimits } from '@casino/contracts/validator-config';
import type { TAppContext } from '../../platform/context.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { TPlayer, TProfileData } from '../players/index.ts';
import { createPlayer, updatePlayer } from '../players/index.ts';
import { invalidPasswordParameters, newPasswordRule, validatorLimits } from './password-policy.ts';
import {
  DEFAULT_REGISTRATION_CONFIG,
  formFields,
  type TRegistrationConfig,
  type TRegistrationField,
} from './registration-config.ts';
import { registrationRules, type TRegistrationRules } from './registration-rules.ts';
import { isIdentityTaken, lockIdentities, uniqueViolation } from './unique-identity.ts';

/**
 * The §5 rule of each field for a non-empty value; the password's and nickname's minimums and the postcode pattern
 * are the operator's validator config (password-policy.ts), and a birth date must be at least the operator's
 * minimum age ago (`underAge`, issue 41).
 */
const fieldRules = (
  now: Date,
  limits: TValidatorLimits,
  minimumAge: number,
): Record<TRegistrationField, TRule> => ({
  login: firstFailure(pattern(/^\S+$/), maxLength(64)),
  email: firstFailure(email, maxLength(254)),
  phone: phone(),
  phone_country_code: pattern(/^\+?\d{1,4}$/),
  password: newPasswordRule(limits.passwordMin),
  country_code: pattern(/^[A-Za-z]{2}$/),
  region: firstFailure(address, maxLength(100)),
  document_type: maxLength(50),
  document_number: firstFailure(pattern(/^[\p{L}\d ./-]+$/u), maxLength(50)),
  first_name: firstFailure(name, maxLength(100)),
  middle_name: firstFailure(name, maxLength(100)),
  last_name: firstFailure(name, maxLength(100)),
  sex: pattern(/^[0-2]$/),
  birth_date: birthDate({ now, minimumAge, minYear: limits.birthMinYear }),
  home_town: firstFailure(address, maxLength(100)),
  address: firstFailure(address, maxLength(200)),
  postcode: postcode(limits.postcodePattern ? new RegExp(limits.postcodePattern) : undefined),
  fakename: fakenameWithMin(limits.fakenameMin),
});

const EMPTY_CODE: Partial<Record<TRegistrationField, TFieldCode>> = {
  email: 'insertEmailAddress',
  phone: 'insertPhoneNumber',
  password: 'insertPassword',
};

const phoneDigits = (value: string) => value.replace(/\D/g, '');

interface TValidated {
  values: Partial<Record<TRegistrationField, string>>;
  phoneKey: 'phone' | 'mobile';
  currency: string;
}

/** Checks every field the form reads; throws InvalidParameterException with every failing field at once. */
const validate = (
  params: TRegisterParams,
  config: TRegistrationConfig,
  now: Date,
  limits: TValidatorLimits,
  compliance: TRegistrationRules,
): TValidated => {
  const formType = params.is_fast || params.form_type === 'fast' ? 'fast' : 'form';
  const phoneKey = params.phone === '' && params.mobile !== '' ? 'mobile' : 'phone';
  const raw: Record<TRegistrationField, string> = {
    ...(params as unknown as Record<TRegistrationField, string>),
    phone: params.phone || params.mobile,
  };
  const rules = fieldRules(now, limits, compliance.minimumAge);
  const errors: Record<string, string> = {};
  const values: TValidated['values'] = {};
  const fields = formFields(config, formType);
  // A password is always needed to sign in again, whatever the configuration says.
  if (!fields.some((f) => f.sysname === 'password')) fields.push({ sysname: 'password', isRequired: true });
  for (const field of fields) {
    const value = raw[field.sysname] ?? '';
    const key = field.sysname === 'phone' ? phoneKey : field.sysname;
    if (value === '') {
      if (field.isRequired) errors[key] = EMPTY_CODE[field.sysname] ?? 'requiredField';
      continue;
    }
    const failure =
      rules[field.sysname](value) ??
      (field.regex && !new RegExp(field.regex).test(value) ? 'wrongField' : null);
    if (failure) errors[key] = failure;
    else values[field.sysname] = value;
  }
  if (params.password_confirmation !== '' && params.password_confirmation !== params.password)
    errors.password_confirmation = 'passwordsNotEqual';
  const currency = (params.currency || 'USD').toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) errors.currency = 'wrongField';
  if (params.promo_code.length > 64) errors.promo_code = 'maxLength';
  if (params.character_id.length > 64) errors.character_id = 'maxLength';
  if ((config.terms.isActive || compliance.termsActive) && !params.terms) errors.terms = 'uncheckedCheckbox';
  if (!values.login && !values.email && !values.phone && !errors.email && !errors[phoneKey])
    errors.email = 'insertEmailAddress';
  if (Object.keys(errors).length > 0) throw invalidPasswordParameters(errors, limits.passwordMin);
  return { values, phoneKey, currency };
};

const profileOf = (v: TValidated['values']): TProfileData => {
  const profile: TProfileData = {};
  for (const key of [
    'first_name',
    'middle_name',
    'last_name',
    'birth_date',
    'document_type',
    'document_number',
    'region',
    'home_town',
    'address',
    'postcode',
  ] as const)
    if (v[key]) profile[key] = v[key];
  if (v.sex) profile.sex = Number(v.sex);
  return profile;
};

export const registerPlayer = async (
  ctx: TAppContext,
  params: TRegisterParams,
  locale: string,
  config: TRegistrationConfig = DEFAULT_REGISTRATION_CONFIG,
): Promise<TPlayer> => {
  const limits = await validatorLimits(ctx.db);
  const compliance = await registrationRules(ctx.db);
  const now = ctx.providers.clock.now();
  const { values, phoneKey, currency } = validate(params, config, now, limits, compliance);
  const phoneNumber = values.phone ? phoneDigits(values.phone) : '';
  const login = (values.login || values.email || phoneNumber).replace(/^\+/, '');
  const passwordHash = await hashPassword(values.password ?? '');

  try {
    return await ctx.db.transaction(async (tx) => {
      await lockIdentities(tx, [login, values.email ?? '', phoneNumber]);
      const taken: Record<string, string> = {};
      if (values.login && (await isIdentityTaken(tx, login))) taken.login = 'alreadyExists';
      if (values.email && (await isIdentityTaken(tx, values.email))) taken.email = 'alreadyExists';
      if (phoneNumber && (await isIdentityTaken(tx, phoneNumber))) taken[phoneKey] = 'alreadyExists';
      if (Object.keys(taken).length > 0) throw invalidParameters(taken);
      const player = await createPlayer(tx, {
        login,
        email: values.email ?? null,
        phone: phoneNumber || null,
        phoneCountryCode: values.phone_country_code ?? null,
        passwordHash,
        locale,
        currency,
        countryCode: values.country_code?.toUpperCase() ?? null,
        isSubscribed: params.notify,
        isBetting: params.is_betting,
        characterId: params.character_id || null,
        promoCode: params.promo_code || null,
        profile: profileOf(values),
        createdAt: ctx.providers.clock.now(),
      });
      if (!values.fakename) return player;
      return (await updatePlayer(tx, player.id, { fakename: values.fakename })) ?? player;
    });
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    // Only the fakename index can still collide: identities were checked under their locks.
    throw invalidParameters(
      constraint.includes('fakename') ? { fakename: 'alreadyExists' } : { login: 'alreadyExists' },
    );
  }
};
