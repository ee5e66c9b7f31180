/**
 * The registration config of spec §3: which methods, fields and optional blocks the registration view shows.
 * It comes from metadata.get (operator-editable); anything missing takes the defaults below.
 */
import { FIELD_TYPES } from '@casino/contracts/countries';
import { DEFAULT_MINIMUM_AGE, FAKENAME_MIN, PASSWORD_MIN } from '@casino/contracts/validation';
import { BIRTH_MIN_YEAR, minimumAgeWith, validatorLimitsOf } from '@casino/contracts/validator-config';
import { z } from 'zod';

const ZCurrencyRule = z.enum(['emptyValue', 'firstValue', 'selectedValue']);
export type TCurrencyRule = z.output<typeof ZCurrencyRule>;

export const ZSocialProvider = z.object({
  id: z.string(),
  name: z.string(),
  icon: z.string().optional(),
  service: z.string(),
});
export type TSocialProvider = z.output<typeof ZSocialProvider>;

export const ZAuthType = z.object({
  id: z.string(),
  /** A key under auth.register; the operator's file may write it in full (`auth.register.methodFast`). */
  label: z.string().transform((label) => label.replace(/^auth\.register\./, '')),
  /** The identity field of the method: e-mail or phone (a social method names none of them). */
  field: z.enum(['email', 'phone']).catch('email'),
  component: z.enum(['form', 'fast', 'social']),
  isFast: z.boolean().optional(),
  /** The fields this method shows, by sysname, in the order of `fields`; absent: all of them. */
  fields: z.array(z.string()).optional(),
  social: z.array(ZSocialProvider).optional(),
});
export type TAuthType = z.output<typeof ZAuthType>;

export const ZRegistrationField = z.object({
  sysname: z.string(),
  type: z.enum([...FIELD_TYPES, 'email', 'currency', 'fakename'] as const),
  params: z
    .object({ is_required: z.boolean().default(false), is_visible: z.boolean().default(true) })
    .default({ is_required: false, is_visible: true }),
  options: z
    .object({
      mask: z.union([z.string(), z.array(z.string())]).optional(),
      list: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
      regex: z.string().optional(),
      /** A select gets an empty option when true (spec §5: the empty-option setting). */
      emptyOption: z.boolean().optional(),
    })
    .default({}),
});
export type TRegistrationField = z.output<typeof ZRegistrationField>;

const ZFieldLook = z.object({
  label: z.string().optional(),
  placeholder: z.string().optional(),
  size: z.enum(['full', 'half']).optional(),
});

export const ZRegistrationConfig = z.object({
  confirmEmailPopup: z.boolean().default(false),
  showCharacterSelect: z.boolean().default(false),
  showPromocode: z.boolean().default(true),
  showPromoFieldByDefault: z.boolean().default(false),
  validationStrategy: z.enum(['eager', 'onSubmit']).default('eager'),
  terms: z
    .object({ isActive: z.boolean().default(true), defaultValue: z.boolean().default(false) })
    .default({ isActive: true, defaultValue: false }),
  /** The operator's minimum age of a player: the birth date's rule and the terms box's wording (issue 41). */
  minimumAge: z.number().int().min(0).max(100).default(DEFAULT_MINIMUM_AGE),
  /** The earliest birth year taken (the site config's validator list, birth_date minYear). */
  minBirthYear: z.number().int().default(BIRTH_MIN_YEAR),
  notify: z
    .object({ isActive: z.boolean().default(true), defaultValue: z.boolean().default(true) })
    .default({ isActive: true, defaultValue: true }),
  markBetting: z
    .object({
      isActive: z.boolean().default(false),
      defaultValue: z.enum(['betting', 'casino']).default('casino'),
    })
    .default({ isActive: false, defaultValue: 'casino' }),
  authTypes: z.array(ZAuthType).min(1),
  currency: z
    .object({
      emptyValue: ZCurrencyRule.default('firstValue'),
      defaultValue: ZCurrencyRule.default('selectedValue'),
      changeCountryValue: ZCurrencyRule.default('selectedValue'),
      changeCountryFallbackValue: ZCurrencyRule.default('firstValue'),
    })
    .default({
      emptyValue: 'firstValue',
      defaultValue: 'selectedValue',
      changeCountryValue: 'selectedValue',
      changeCountryFallbackValue: 'firstValue',
    }),
  currencies: z.array(z.string()).default(['USD']),
  defaultCountry: z.string().default(''),
  fields: z.array(ZRegistrationField),
  form: z
    .object({
      fields: z.record(z.string(), ZFieldLook).default({}),
      /** Extra rules per field: a regex source, a minimum and maximum length. */
      validation: z
        .record(
          z.string(),
          z.object({ regex: z.string().optional(), min: z.number().optional(), max: z.number().optional() }),
        )
        .default({}),
      /** Server or rule code → translation key, for messages the operator rewords. */
      validationErrors: z.record(z.string(), z.string()).default({}),
    })
    .default({ fields: {}, validation: {}, validationErrors: {} }),
  characters: z
    .array(z.object({ id: z.string(), name: z.string(), image: z.string().optional() }))
    .default([]),
  banner: z
    .object({
      image: z.string().default(''),
      label: z.string().optional(),
      value: z.string().optional(),
      addition: z.string().optional(),
      type: z.enum(['compact', 'normal']).default('normal'),
    })
    .nullable()
    .default(null),
});
export type TRegistrationConfig = z.output<typeof ZRegistrationConfig>;

const field = (
  sysname: string,
  type: TRegistrationField['type'],
  isRequired: boolean,
  options: TRegistrationField['options'] = {},
): TRegistrationField => ({ sysname, type, params: { is_required: isRequired, is_visible: true }, options });

/** The registration of a fresh install: a fast form, a full form and social sign-up, by e-mail. */
export const DEFAULT_REGISTRATION_CONFIG: TRegistrationConfig = ZRegistrationConfig.parse({
  authTypes: [
    { id: 'fast', label: 'methodFast', field: 'email', component: 'fast', isFast: true },
    { id: 'form', label: 'methodForm', field: 'email', component: 'form' },
    {
      id: 'social',
      label: 'methodSocial',
      component: 'social',
      social: [
        { id: 'google', name: 'Google', icon: 'google', service: 'google' },
        { id: 'telegram', name: 'Telegram', icon: 'telegram', service: 'telegram' },
      ],
    },
  ],
  fields: [
    field('email', 'email', true),
    field('password', 'password', true),
    field('currency', 'currency', true),
    field('country_code', 'country_code', false),
    field('phone', 'phone', false),
    field('first_name', 'input', false),
    field('last_name', 'input', false),
    field('birth_date', 'date', false, { mask: '##.##.####' }),
  ],
  // No image: the panel draws its own artwork; label, value and addition come from translations.
  banner: { image: '', type: 'compact' },
});

/** Reads a config from the server, falling back to the defaults field by field; a broken one is ignored. */
export const parseRegistrationConfig = (raw: unknown): TRegistrationConfig => {
  if (!raw || typeof raw !== 'object') return DEFAULT_REGISTRATION_CONFIG;
  const given = raw as Record<string, unknown>;
  // The operator's file (content/registration-config.json) spells the currency rules as the spec does.
  const currency = given.currency ?? given.currencyConditions;
  const merged = { ...DEFAULT_REGISTRATION_CONFIG, ...given, ...(currency ? { currency } : {}) };
  const parsed = ZRegistrationConfig.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_REGISTRATION_CONFIG;
};

/**
 * The registration config as metadata.get serves it, with what the site config's validator list (spec §3) changes
 * of its rules, which the server holds every sign-up to: the password's and the nickname's raised minimums (extra
 * minimums of their fields), the birth date's stricter minimum age and its earliest year. Unchanged when it changes
 * nothing.
 */
export const withValidatorLimits = (raw: unknown, validatorConfig: unknown): unknown => {
  const limits = validatorLimitsOf(validatorConfig);
  const given = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const form = (given.form ?? {}) as { validation?: Record<string, object> };
  const raised = {
    ...(limits.passwordMin !== PASSWORD_MIN && {
      password: { ...form.validation?.password, min: limits.passwordMin },
    }),
    ...(limits.fakenameMin !== FAKENAME_MIN && {
      fakename: { ...form.validation?.fakename, min: limits.fakenameMin },
    }),
  };
  const ownAge = typeof given.minimumAge === 'number' ? given.minimumAge : DEFAULT_MINIMUM_AGE;
  const minimumAge = minimumAgeWith(ownAge, limits.birthMinAge);
  const changes = {
    ...(Object.keys(raised).length > 0 && {
      form: { ...form, validation: { ...form.validation, ...raised } },
    }),
    ...(minimumAge !== ownAge && { minimumAge }),
    ...(limits.birthMinYear !== BIRTH_MIN_YEAR && { minBirthYear: limits.birthMinYear }),
  };
  return Object.keys(changes).length === 0 ? raw : { ...given, ...changes };
};
