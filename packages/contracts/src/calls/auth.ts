/** Sign-up, sign-in, password recovery, logout (spec §4, §7 Auth) and the two-factor management calls. */
import { z } from 'zod';
import { defineCall, type TCallContract, zFlag, zText } from '../call.ts';
import { stripEmoji } from '../validation.ts';

/** A text input: emoji stripped and trimmed (spec §5). Passwords use `zText` so they arrive untouched. */
const zInput = () => zText().transform((v) => stripEmoji(v).trim());

/** A TOTP code: empty (not sent) or exactly 6 digits. */
const zOptionalCode = () =>
  zInput().superRefine((value, ctx) => {
    if (value !== '' && !/^\d{6}$/.test(value)) ctx.addIssue({ code: 'custom', message: 'wrongCode' });
  });

/** What sign-in and sign-up answer: enough for the site to know who is signed in; account.getInfo has the rest. */
export const ZAuthAccount = z.object({
  uid: z.number().int().positive(),
  login: z.string(),
  is_registration_completed: z.boolean(),
  /** The account's locale: after login the player goes to its index (spec §4 Login step 5, issue 41). */
  locale: z.string().optional(),
});
export type TAuthAccount = z.output<typeof ZAuthAccount>;

export const ZLogin = defineCall({
  name: 'auth.login',
  method: 'POST',
  access: 'any',
  summary:
    'Signs in by login, e-mail or phone and password; with two-factor on, a second call adds the 6-digit code.',
  params: z.object({
    login: zInput()
      .transform((v) => v.replace(/^\+/, ''))
      .refine((v) => v !== '', 'requiredField')
      .refine((v) => v.length <= 254, 'maxLength'),
    password: zText()
      .refine((v) => v !== '', 'insertPassword')
      .refine((v) => v.length <= 256, 'maxLength'),
    code: zOptionalCode(),
  }),
  data: ZAuthAccount,
});

/** The Registration payload of spec §3, the Messaging-app sign-up payload and the profile fields. */
export const ZRegisterParams = z.object({
  /** `fast` skips the fields the configuration does not require; `form` (default) is the full form. */
  form_type: zInput(),
  is_fast: zFlag(false),
  login: zInput(),
  email: zInput(),
  phone: zInput(),
  /** The profile calls the phone `mobile`; either name is accepted. */
  mobile: zInput(),
  phone_country_code: zInput(),
  password: zText(),
  password_confirmation: zText(),
  currency: zInput(),
  notify: zFlag(true),
  is_betting: zFlag(false),
  character_id: zInput(),
  promo_code: zInput(),
  terms: zFlag(false),
  country_code: zInput(),
  region: zInput(),
  document_type: zInput(),
  document_number: zInput(),
  first_name: zInput(),
  middle_name: zInput(),
  last_name: zInput(),
  sex: zInput(),
  birth_date: zInput(),
  home_town: zInput(),
  address: zInput(),
  postcode: zInput(),
  fakename: zInput(),
  // Messaging-app (Telegram) sign-up / sign-in; first_name and last_name above are Telegram's too.
  is_tg: zFlag(false),
  id: zInput(),
  username: zInput(),
  hash: zInput(),
  auth_date: zInput(),
  photo_url: zInput(),
  language_code: zInput(),
  payload: zInput(),
  /** The Mini App's `Telegram.WebApp.initData`, as sent (its hash covers the exact bytes): signs in instead of the widget fields. */
  init_data: zText(),
  /** The TOTP code when a Telegram sign-in reaches an account with two-factor on. */
  code: zOptionalCode(),
});
export type TRegisterParams = z.output<typeof ZRegisterParams>;

export const ZRegister = defineCall({
  name: 'auth.register',
  method: 'POST',
  access: 'any',
  summary:
    'Registers a player (full or fast form) or signs up / in with a Telegram login payload; starts a session.',
  params: ZRegisterParams,
  data: ZAuthAccount,
});

export const ZRestore = defineCall({
  name: 'auth.restore',
  method: 'POST',
  access: 'any',
  summary:
    'Mails a one-hour, single-use password reset link when the account exists; the answer never tells.',
  params: z
    .object({ login: zInput(), email: zInput() })
    .transform((p) => ({ login: (p.login || p.email).replace(/^\+/, '') }))
    .refine((p) => p.login !== '', { message: 'requiredField', path: ['login'] }),
  data: z.literal(true),
});

export const ZResetPassword = defineCall({
  name: 'auth.resetpassword',
  method: 'POST',
  access: 'any',
  summary: 'Sets a new password with a reset token; the token is spent and every session of the player ends.',
  params: z.object({
    token: zText().refine((v) => v !== '', 'requiredField'),
    password: zText(),
    password_confirmation: zText(),
  }),
  data: z.literal(true),
});

export const ZCheckResetToken = defineCall({
  name: 'auth.checkresettoken',
  method: 'GET',
  access: 'any',
  summary: 'Tells whether a password reset token can still be used.',
  params: z.object({ token: zText() }),
  data: z.object({ valid: z.boolean() }),
});

export const ZLogout = defineCall({
  name: 'auth.logout',
  method: 'GET',
  access: 'any',
  summary:
    'Ends the session and clears its cookie when the request comes from our own pages (Sec-Fetch-Site, else Origin, else Referer); from another site, or for a visitor, it answers the same and ends nothing.',
  params: z.object({}).loose(),
  data: z.literal(true),
});

/** What enabling two-factor answers: the secret to type in, or the same as an otpauth URI and a QR image. */
export const ZTwoFactorSetup = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_code: z.string().startsWith('data:image/png;base64,'),
});

export const ZChangeTwoFactorAuth = defineCall({
  name: 'account.changeTwoFactorAuth',
  method: 'POST',
  access: 'user',
  summary:
    'Off: starts enabling two-factor (a pending secret to confirm). On: turns it off given a valid current code.',
  params: z.object({ code: zOptionalCode() }),
  data: z.union([ZTwoFactorSetup, z.object({ two_factor_auth: z.literal(false) })]),
});

export const ZConfirmTwoFactorAuth = defineCall({
  name: 'account.confirmTwoFactorAuth',
  method: 'POST',
  access: 'user',
  summary: 'Turns two-factor on when the code matches the pending secret.',
  params: z.object({
    code: zInput().superRefine((value, ctx) => {
      if (value === '') ctx.addIssue({ code: 'custom', message: 'requiredField' });
      else if (!/^\d{6}$/.test(value)) ctx.addIssue({ code: 'custom', message: 'wrongCode' });
    }),
  }),
  data: z.object({ two_factor_auth: z.literal(true) }),
});

export const authCalls: TCallContract[] = [
  ZLogin,
  ZRegister,
  ZRestore,
  ZResetPassword,
  ZCheckResetToken,
  ZLogout,
  ZChangeTwoFactorAuth,
  ZConfirmTwoFactorAuth,
];
