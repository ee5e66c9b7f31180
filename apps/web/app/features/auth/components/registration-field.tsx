/** One dynamic registration field, drawn by its type (spec §3 Profile field definition). */
import { COUNTRIES } from '@casino/contracts/countries';
import type { UseFormReturn } from 'react-hook-form';
import { countryOptions } from '../../../lib/country-names';
import { useTranslation } from '../../../lib/i18n-lite';
import { fieldMessage } from '../lib/field-messages.ts';
import type { TRegistrationConfig, TRegistrationField } from '../lib/registration-config.ts';
import type { TRegistrationValues } from '../lib/registration-payload.ts';
import { PasswordField, SelectField, TextField } from './form-controls.tsx';

const camel = (sysname: string) => sysname.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());
const LABEL_KEYS: Record<string, string> = {
  country_code: 'countryLabel',
  password_confirmation: 'passwordRepeatLabel',
  password_repeat: 'passwordRepeatLabel',
};
const humanise = (sysname: string) => {
  const text = sysname.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

export const useFieldLabel = (config: TRegistrationConfig) => {
  const { t } = useTranslation();
  return (sysname: string) => {
    const custom = config.form.fields[sysname]?.label;
    if (custom) return t(custom, { defaultValue: custom });
    const key = LABEL_KEYS[sysname] ?? `${camel(sysname)}Label`;
    return t(`auth.register.${key}`, { defaultValue: humanise(sysname) });
  };
};

interface TProps {
  field: TRegistrationField;
  form: UseFormReturn<TRegistrationValues>;
  config: TRegistrationConfig;
}

export function RegistrationField({ field, form, config }: TProps) {
  const { t, i18n } = useTranslation();
  const labelOf = useFieldLabel(config);
  const look = config.form.fields[field.sysname];
  const error = form.formState.errors[field.sysname]?.message;
  const label = labelOf(field.sysname);
  const placeholderKey =
    look?.placeholder ??
    `auth.register.${LABEL_KEYS[field.sysname]?.replace('Label', 'Placeholder') ?? `${camel(field.sysname)}Placeholder`}`;
  const placeholder = t(placeholderKey, { defaultValue: '' }) || undefined;
  const message = error
    ? fieldMessage(
        t,
        String(error),
        {
          other: labelOf('password'),
          ...config.form.validation[field.sysname],
          ...(String(error) === 'underAge' ? { min: config.minimumAge } : {}),
        },
        config.form.validationErrors,
      )
    : undefined;
  const wrapperClassName = look?.size === 'half' ? 'sm:col-span-1' : 'sm:col-span-2';
  const registration = form.register(field.sysname);
  const common = { label, error: message, wrapperClassName, registration, placeholder };
  const emptyOption = field.options.emptyOption
    ? t('common.labels.selectEmpty', { defaultValue: 'Not selected' })
    : undefined;

  switch (field.type) {
    case 'email':
      return <TextField {...common} type="email" inputMode="email" autoComplete="email" />;
    case 'password':
      return (
        <PasswordField
          {...common}
          autoComplete={field.sysname === 'password' ? 'new-password' : 'new-password'}
        />
      );
    case 'phone':
      return <PhoneField {...common} formApi={form} />;
    case 'date':
      return (
        <TextField
          {...common}
          inputMode="numeric"
          autoComplete="bday"
          placeholder={placeholder ?? 'dd.mm.yyyy'}
        />
      );
    case 'country_code':
      return (
        <SelectField
          {...common}
          autoComplete="country"
          emptyOption={t('common.labels.selectEmpty', { defaultValue: 'Not selected' })}
          options={countryOptions(COUNTRIES, i18n.language)}
        />
      );
    case 'currency':
      return (
        <SelectField
          {...common}
          emptyOption={emptyOption}
          options={config.currencies.map((c) => ({ value: c, label: c }))}
        />
      );
    case 'select':
    case 'region':
      return (
        <SelectField
          {...common}
          emptyOption={emptyOption ?? (field.params.is_required ? undefined : '')}
          options={(field.options.list ?? []).map((o) => ({
            value: o.value,
            label: t(`auth.register.options.${o.label}`, { defaultValue: o.label }),
          }))}
        />
      );
    default:
      return (
        <TextField
          {...common}
          autoComplete={
            field.sysname === 'first_name'
              ? 'given-name'
              : field.sysname === 'last_name'
                ? 'family-name'
                : 'off'
          }
        />
      );
  }
}

/** A phone: the country's phone code beside the number; a pasted international number picks its country. */
function PhoneField({
  formApi: form,
  ...common
}: Omit<Parameters<typeof TextField>[0], 'type' | 'form'> & { formApi: UseFormReturn<TRegistrationValues> }) {
  const { t } = useTranslation();
  return (
    <div className={`grid grid-cols-[110px_1fr] gap-2 ${common.wrapperClassName ?? ''}`}>
      <SelectField
        label={t('auth.register.phoneCodeLabel', { defaultValue: 'Code' })}
        registration={form.register('phone_country_code')}
        emptyOption="+"
        options={COUNTRIES.map((c) => ({ value: c.code, label: `${c.code} +${c.phone_code}` }))}
      />
      <TextField {...common} wrapperClassName="" type="tel" inputMode="tel" autoComplete="tel-national" />
    </div>
  );
}
