/**
 * Turns a field code (a §5 rule result or a server `invalid_parameters` code) into the player's message.
 * The popup's own wording (auth.validator.*) covers required, e-mail, lengths and sameAs (spec §5); every
 * other code reads common.validationErrors.{code}. An operator dictionary may point a code at another key.
 */
import { DEFAULT_MINIMUM_AGE, FAKENAME_MIN, PASSWORD_MAX, PASSWORD_MIN } from '@casino/contracts/validation';
import type { TFunction } from '../../../lib/i18n-lite';

export interface TMessageContext {
  /** The other field a repeat must equal, already translated (the label of the password field). */
  other?: string;
  min?: number;
  max?: number;
  /** Offending characters of a password, shown after the notWalidPassword message. */
  chars?: string;
}

const POPUP_KEYS: Record<string, [key: string, fallback: string]> = {
  requiredField: ['auth.validator.required', 'Value is required'],
  insertEmailAddress: ['auth.validator.required', 'Value is required'],
  insertPassword: ['auth.validator.required', 'Value is required'],
  insertPhoneNumber: ['auth.validator.required', 'Value is required'],
  uncheckedCheckbox: ['auth.validator.required', 'Value is required'],
  wrongEmailAddress: ['auth.validator.email', 'Value is not a valid email address'],
  shortPassword: ['auth.validator.minLength', 'This field should be at least {min} characters long'],
  minLength: ['auth.validator.minLength', 'This field should be at least {min} characters long'],
  minCountSymbolsFakename: [
    'auth.validator.minLength',
    'This field should be at least {min} characters long',
  ],
  longPassword: ['auth.validator.maxLength', 'The maximum length allowed is {max}'],
  maxLength: ['auth.validator.maxLength', 'The maximum length allowed is {max}'],
  passwordsNotEqual: ['auth.validator.sameAs', 'The value must be equal to the {other} value'],
};

/** Default texts of codes the popup has no wording for, while the messages load. */
const DEFAULT_TEXTS: Record<string, string> = {
  underAge: 'You must be at least {min} years old to register',
};

const DEFAULT_BOUNDS: Record<string, TMessageContext> = {
  shortPassword: { min: PASSWORD_MIN },
  longPassword: { max: PASSWORD_MAX },
  minCountSymbolsFakename: { min: FAKENAME_MIN },
  underAge: { min: DEFAULT_MINIMUM_AGE },
};

/** `{name}` placeholders, whatever interpolation the i18n instance is set up with. */
const fill = (text: string, values: Record<string, unknown>) =>
  text.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (match, name: string) =>
    values[name] === undefined ? match : String(values[name]),
  );

export const fieldMessage = (
  t: TFunction,
  code: string,
  context: TMessageContext = {},
  dictionary: Record<string, string> = {},
): string => {
  const values = { ...DEFAULT_BOUNDS[code], ...context };
  const custom = dictionary[code];
  if (custom) return fill(t(custom, { ...values, defaultValue: code }), values);
  const popup = POPUP_KEYS[code];
  if (popup) return fill(t(popup[0], { ...values, defaultValue: popup[1] }), values);
  // A code that is already a translation key (e.g. common.promoCodeErrors.INVALID) is used as is.
  if (code.includes('.')) return fill(t(code, { ...values, defaultValue: code }), values);
  const message = fill(
    t(`common.validationErrors.${code}`, { ...values, defaultValue: DEFAULT_TEXTS[code] ?? '' }),
    values,
  );
  if (message) return context.chars && code === 'notWalidPassword' ? `${message}: ${context.chars}` : message;
  return fill(t('common.validationErrors.wrongField', { defaultValue: 'The value is not valid' }), values);
};
