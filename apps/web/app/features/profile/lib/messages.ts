/**
 * Field codes (a §5 rule result or a server `invalid_parameters` code) as the profile pages word them: the
 * `common.fieldsValidatorErrors` keys of spec §5 with their default texts, `$$min$$`/`$$max$$` filled in.
 * Contact failures use the codes' own messages (wrongEmailAddress, wrongPhoneFormat, profile.smsCodeError).
 */
import { DEFAULT_MINIMUM_AGE, FAKENAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '@casino/contracts/validation';
import type { TFunction } from '../../../lib/i18n-lite';

type TKind = 'name' | 'address' | 'regex' | 'date' | 'code' | 'text';

const V: Record<string, [key: string, fallback: string]> = {
  required: ['common.fieldsValidatorErrors.required', 'Field is required'],
  email: ['common.fieldsValidatorErrors.email', 'Wrong email address'],
  minLength: ['common.fieldsValidatorErrors.minLength', 'Min length is $$min$$'],
  maxLength: ['common.fieldsValidatorErrors.maxLength', 'Max length is $$max$$'],
  phone: ['common.fieldsValidatorErrors.phone', 'Wrong phone number'],
  fakename: ['common.fieldsValidatorErrors.fakename', 'Wrong fake name'],
  password: ['common.fieldsValidatorErrors.password', 'Wrong password'],
  name: ['common.fieldsValidatorErrors.name', 'Wrong symbols in name'],
  address: ['common.fieldsValidatorErrors.address', 'Wrong address'],
  date: ['common.fieldsValidatorErrors.date', 'Wrong date'],
  sameAs: ['common.fieldsValidatorErrors.sameAs', 'Values do not match'],
  regex: ['common.fieldsValidatorErrors.regex', 'Wrong format'],
};

const CODE_TO_RULE: Record<string, [rule: string, values?: Record<string, number>]> = {
  requiredField: ['required'],
  insertEmailAddress: ['required'],
  insertPassword: ['required'],
  insertPhoneNumber: ['required'],
  uncheckedCheckbox: ['required'],
  wrongEmailAddress: ['email'],
  wrongPhoneFormat: ['phone'],
  minCountSymbolsFakename: ['minLength', { min: FAKENAME_MIN }],
  specialSymbolsFakename: ['fakename'],
  shortPassword: ['minLength', { min: PASSWORD_MIN }],
  longPassword: ['maxLength', { max: PASSWORD_MAX }],
  maxLength: ['maxLength'],
  notWalidPassword: ['password'],
  useSpace: ['password'],
  passwordsNotEqual: ['sameAs'],
  wrongDate: ['date'],
};

const WRONG_BY_KIND: Partial<Record<TKind, string>> = {
  name: 'name',
  address: 'address',
  regex: 'regex',
  date: 'date',
};

const fill = (text: string, values: Record<string, number>) =>
  text.replace(/\$\$(\w+)\$\$|\{(\w+)\}/g, (match, a?: string, b?: string) => {
    const value = values[(a ?? b) as string];
    return value === undefined ? match : String(value);
  });

export const profileFieldMessage = (
  t: TFunction,
  code: string,
  kind: TKind = 'text',
  values: Record<string, number> = {},
): string => {
  if (code.includes('.')) return t(code, { defaultValue: code });
  if (code === 'wrongCode')
    return t('common.validationErrors.wrongCode', { defaultValue: 'The code must contain 6 digits' });
  if (code === 'underAge') {
    const age = { min: DEFAULT_MINIMUM_AGE, ...values };
    const text = 'You must be at least {min} years old to register';
    return fill(t('common.validationErrors.underAge', { ...age, defaultValue: text }), age);
  }
  const mapped = CODE_TO_RULE[code];
  const rule = mapped?.[0] ?? (code === 'wrongField' ? WRONG_BY_KIND[kind] : undefined);
  const entry = rule ? V[rule] : undefined;
  if (entry) return fill(t(entry[0], { defaultValue: entry[1] }), { ...mapped?.[1], ...values });
  return t(`common.validationErrors.${code}`, {
    defaultValue: t('common.validationErrors.wrongField', { defaultValue: 'The value is not valid' }),
  });
};

/** The kind of message a profile field's wrongField gets, by its sysname. */
export const kindOfField = (sysname: string): TKind => {
  if (/^(first|middle|last)_name$/.test(sysname) || sysname === 'home_town') return 'name';
  if (sysname === 'address') return 'address';
  if (sysname === 'birth_date') return 'date';
  if (sysname === 'postcode' || sysname === 'document_number') return 'regex';
  return 'text';
};
