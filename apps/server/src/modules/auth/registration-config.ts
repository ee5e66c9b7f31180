/**
 * Which registration fields are asked and required (spec §3 Registration config, §5 Registration). The operator's
 * copy will come from content/; until then this default applies: e-mail and password required, the rest optional.
 */

export const REGISTRATION_FIELDS = [
  'login',
  'email',
  'phone',
  'phone_country_code',
  'password',
  'country_code',
  'region',
  'document_type',
  'document_number',
  'first_name',
  'middle_name',
  'last_name',
  'sex',
  'birth_date',
  'home_town',
  'address',
  'postcode',
  'fakename',
] as const;
export type TRegistrationField = (typeof REGISTRATION_FIELDS)[number];

export interface TRegistrationFieldConfig {
  sysname: TRegistrationField;
  isRequired: boolean;
  /** An extra pattern the value must match (the field's regex option). */
  regex?: string;
}

export interface TRegistrationConfig {
  fields: TRegistrationFieldConfig[];
  /** Both a fast and a full form are offered: then the full form makes every field required (spec §5). */
  hasFastAndFullForms: boolean;
  terms: { isActive: boolean };
}

export const DEFAULT_REGISTRATION_CONFIG: TRegistrationConfig = {
  fields: REGISTRATION_FIELDS.map((sysname) => ({
    sysname,
    isRequired: sysname === 'email' || sysname === 'password',
  })),
  hasFastAndFullForms: false,
  terms: { isActive: false },
};

export type TFormType = 'form' | 'fast';

/**
 * The fields a submission of this form reads, each with whether it is required. Every form keeps every field
 * it sends (a fast form may show an optional country): fast only asks for less (spec §5), it never drops.
 */
export const formFields = (config: TRegistrationConfig, formType: TFormType): TRegistrationFieldConfig[] => {
  if (formType === 'fast') return config.fields;
  if (config.hasFastAndFullForms) return config.fields.map((f) => ({ ...f, isRequired: true }));
  return config.fields;
};
