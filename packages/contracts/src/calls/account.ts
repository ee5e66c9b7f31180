/**
 * The account calls of spec §7 (namespace `account`), except the two-factor ones, which live with auth.
 * POST saves answer data `1` on success (spec §4: a profile save counts only when data equals 1).
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zList, zRule, zText } from '../call.ts';
import { FIELD_TYPES } from '../countries.ts';
import * as rules from '../validation.ts';
import { confirmationCode } from '../validator-config.ts';

export { AVAILABLE_CURRENCIES, AVAILABLE_LOCALES } from '../countries.ts';

/** A balance on the wire: major units with 2 decimals (e.g. 12.5) and the currency code. */
export const ZBalance = z.object({ amount: z.number(), currency: z.string() });

/** The four player balances under these keys (spec §3 Account info). */
export const ZBalances = z.object({
  balance: ZBalance,
  bonus_balance: ZBalance,
  betting_bonus_balance: ZBalance,
  fun_balance: ZBalance,
});

const ZContactType = z.enum(['email', 'phone']);
const zContactParam = () => zText().pipe(z.enum(['email', 'phone'], { error: 'wrongField' }));
const ZOk = z.literal(1);

/** Account info (spec §3). A visitor gets uid 0 and empty values; reg_time is unix seconds. */
export const ZAccountInfo = ZBalances.extend({
  uid: z.number().int(),
  reg_time: z.number().int(),
  login: z.string(),
  fakename: z.string(),
  is_subscribed: z.boolean(),
  is_on_verification: z.boolean(),
  is_verified: z.boolean(),
  is_kyc_block_enabled: z.boolean(),
  is_registration_completed: z.boolean(),
  country_code: z.string(),
  locale: z.string(),
  two_factor_auth: z.boolean(),
});
export type TAccountInfo = z.output<typeof ZAccountInfo>;

export const ZGetInfo = defineCall({
  name: 'account.getInfo',
  method: 'GET',
  access: 'any',
  summary: 'The account info of the signed-in player; a visitor gets uid 0.',
  params: z.object({}).loose(),
  data: ZAccountInfo,
});

export const ZGetBalance = defineCall({
  name: 'account.getBalance',
  method: 'GET',
  access: 'user',
  summary: 'The four balances and total_balance (main + bonus + betting bonus).',
  params: z.object({}).loose(),
  data: ZBalances.extend({ total_balance: ZBalance }),
});

/** A contact (spec §3): phone values are international digits (phone code + national number, no `+`). */
export const ZContact = z.object({
  type: ZContactType,
  value: z.string(),
  is_confirmed: z.boolean(),
  is_subscribed: z.boolean(),
  phone_country_code: z.string().optional(),
});
export type TContact = z.output<typeof ZContact>;

export const ZProfileInfo = z.object({
  first_name: z.string(),
  middle_name: z.string(),
  last_name: z.string(),
  sex: z.number().int(),
  /** `yyyy-mm-dd`, or '' when unknown. */
  birth_date: z.string(),
  document: z.object({ type: z.string(), number: z.string().optional() }).optional(),
  document_type: z.string(),
  document_number: z.string(),
  /** The country name; country_code is its ISO code. */
  country: z.string(),
  country_code: z.string(),
  region: z.string(),
  home_town: z.string(),
  address: z.string(),
  postcode: z.string(),
  mobile: z.string(),
  email: z.string(),
  login: z.string(),
  currency: z.string(),
  phone_country_code: z.string(),
  fakename: z.string(),
  /** The player asked for a confirmation code: the site hides its confirmation hint. */
  confirm_sent: z.boolean(),
  contacts: z.array(ZContact).optional(),
});
export type TProfileInfo = z.output<typeof ZProfileInfo>;

export const ZGetProfileInfo = defineCall({
  name: 'account.getprofileinfo',
  method: 'GET',
  access: 'user',
  summary: 'Profile fields; `fields` adds `contacts` and/or `document` (both when absent).',
  params: z.object({ fields: zList() }).loose(),
  data: ZProfileInfo,
});

/**
 * Profile fields to save. Only the fields sent change; an empty field clears it unless the country's
 * definition requires it (requiredField). Contacts change through addcontact, the fakename through
 * changefakename.
 */
export const ZSaveProfileInfo = defineCall({
  name: 'account.saveProfileInfo',
  method: 'POST',
  access: 'user',
  summary: 'Saves profile fields (validated by spec §5 and the country definitions); data 1.',
  params: z
    .object({
      first_name: z.string().optional(),
      middle_name: z.string().optional(),
      last_name: z.string().optional(),
      sex: z.string().optional(),
      birth_date: z.string().optional(),
      document_type: z.string().optional(),
      document_number: z.string().optional(),
      country_code: z.string().optional(),
      region: z.string().optional(),
      home_town: z.string().optional(),
      address: z.string().optional(),
      postcode: z.string().optional(),
      currency: z.string().optional(),
    })
    .loose(),
  data: ZOk,
});

const ZOption = z.object({ value: z.string(), label: z.string() });
export const ZFieldDefinition = z.object({
  sysname: z.string(),
  type: z.enum(FIELD_TYPES),
  params: z.object({ is_required: z.boolean(), is_visible: z.boolean() }),
  options: z.object({
    mask: z.union([z.string(), z.array(z.string())]).optional(),
    list: z.array(ZOption).optional(),
    regex: z.string().optional(),
  }),
});

export const ZGetPersonalDataFields = defineCall({
  name: 'account.getPersonalDataFields',
  method: 'GET',
  access: 'any',
  summary: "The personal-data field definitions for a country (ISO code; default the player's).",
  params: z.object({ country: zText() }).loose(),
  data: z.array(ZFieldDefinition),
});

export const ZPhoneCountry = z.object({
  country_code: z.string(),
  phone_code: z.string(),
  name: z.string(),
  mask: z.union([z.string(), z.array(z.string())]),
});

export const ZGetContactPhoneSettings = defineCall({
  name: 'account.getContactPhoneSettings',
  method: 'GET',
  access: 'any',
  summary: 'Every country with its phone code and national-number mask (`#` is a digit).',
  params: z.object({}).loose(),
  data: z.array(ZPhoneCountry),
});

export const ZAddContact = defineCall({
  name: 'account.addcontact',
  method: 'POST',
  access: 'user',
  summary:
    'Adds or replaces the unconfirmed e-mail or phone. A phone is the national number (digits, or with its phone code) and phone_country_code its ISO country.',
  params: z.object({ type: zContactParam(), value: zText(), phone_country_code: zText() }).loose(),
  data: ZOk,
});

export const ZSendConfirmationToContact = defineCall({
  name: 'account.sendconfirmationtocontact',
  method: 'POST',
  access: 'user',
  summary: 'Sends a 6-digit code (valid 15 minutes) to the contact; one send per 60 s.',
  params: z.object({ contact: zContactParam() }).loose(),
  data: ZOk,
});

export const ZConfirmContact = defineCall({
  name: 'account.confirmContact',
  method: 'POST',
  access: 'user',
  summary: 'Confirms a contact with its code; 5 wrong tries void the code.',
  params: z.object({ contact: zContactParam(), code: zRule(confirmationCode) }).loose(),
  data: ZOk,
});

export const ZChangeSubscription = defineCall({
  name: 'account.changeSubscription',
  method: 'POST',
  access: 'user',
  summary: "Subscribes ('1') or unsubscribes ('0') a contact from mailings.",
  params: z
    .object({
      contact: zContactParam(),
      subscription: zText().pipe(z.enum(['1', '0'], { error: 'wrongField' })),
    })
    .loose(),
  data: ZOk,
});

export const ZChangeFakename = defineCall({
  name: 'account.changefakename',
  method: 'POST',
  access: 'user',
  summary:
    'Sets the public nickname (spec §5 fakename rule: 4 to 32 visible letters, marks and digits; unique).',
  params: z.object({ fakename: zRule(rules.fakename) }).loose(),
  data: ZOk,
});

export const ZChangeLocale = defineCall({
  name: 'account.changelocale',
  method: 'POST',
  access: 'user',
  summary: 'Sets the player locale (one of AVAILABLE_LOCALES), sent as `locale` in the POST body.',
  params: z.object({ locale: zText() }).loose(),
  data: ZOk,
});

export const ZChangePassword = defineCall({
  name: 'account.changepassword',
  method: 'POST',
  access: 'user',
  summary: 'Changes the password (current one required); ends every other session.',
  params: z
    .object({
      current_password: zText(),
      new_password: zText(),
      repeat_password: zText(),
    })
    .loose(),
  data: ZOk,
});

export const ZSetUserOnVerification = defineCall({
  name: 'account.setUserOnVerification',
  method: 'POST',
  access: 'user',
  summary: 'Marks the player as waiting for identity verification.',
  params: z.object({}).loose(),
  data: ZOk,
});

export const ZSetCurrency = defineCall({
  name: 'account.setCurrency',
  method: 'POST',
  access: 'user',
  summary: 'Sets the account currency (one of AVAILABLE_CURRENCIES).',
  params: z.object({ currency: zText() }).loose(),
  data: ZOk,
});

export const ZUnsubscribe = defineCall({
  name: 'account.unsubscribe',
  method: 'POST',
  access: 'any',
  summary: 'Unsubscribes a contact through the signed link of a mailing (no session needed).',
  params: z.object({ uid: zText(), type: zContactParam(), token: zText() }).loose(),
  data: ZOk,
});

export const ZGetCurrencyRates = defineCall({
  name: 'account.getcurrencyrates',
  method: 'GET',
  access: 'any',
  summary: 'Reference exchange rates: units of each currency for 1 USD.',
  params: z.object({}).loose(),
  data: z.object({ base: z.string(), rates: z.record(z.string(), z.number()) }),
});

export const ZGetToken = defineCall({
  name: 'account.getToken',
  method: 'GET',
  access: 'user',
  summary: 'A signed socket token valid for 60 seconds.',
  params: z.object({}).loose(),
  data: z.object({ token: z.string(), expires_in: z.number().int() }),
});

/** Deposit limit (spec §3); period 'none' when the player has set no limit. Amounts in major units. */
export const ZDepositLimit = z.object({
  available_amount: z.number().nullable(),
  can_edit: z.boolean(),
  expired_at: z.number().int().nullable(),
  limit_amount: z.number().nullable(),
  period: z.string(),
});

export const ZGetDepositLimit = defineCall({
  name: 'account.getDepositLimit',
  method: 'GET',
  access: 'user',
  summary: "The player's deposit limit; period 'none' when no limit is set.",
  params: z.object({}).loose(),
  data: ZDepositLimit,
});

export const accountCalls: TCallContract[] = [
  ZGetInfo,
  ZGetBalance,
  ZGetProfileInfo,
  ZSaveProfileInfo,
  ZGetPersonalDataFields,
  ZGetContactPhoneSettings,
  ZAddContact,
  ZSendConfirmationToContact,
  ZConfirmContact,
  ZChangeSubscription,
  ZChangeFakename,
  ZChangeLocale,
  ZChangePassword,
  ZSetUserOnVerification,
  ZSetCurrency,
  ZUnsubscribe,
  ZGetCurrencyRates,
  ZGetToken,
  ZGetDepositLimit,
];
