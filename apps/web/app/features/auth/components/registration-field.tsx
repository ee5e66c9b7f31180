/** One dynamic registration field, drawn by its type (spec §3 Profile field definition). */
import { COUNTRIES } from '@casino/contracts/countries';
import { offendingPasswordCharacters } from '@casino/contracts/validation';
import { useId } from 'react';
import type { UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { countryOptions } from '../../../lib/country-names';
import { dotDate } from '../../../lib/date-input';
import { useTranslation } from '../../../lib/i18n-lite';
import { PhoneNumberInput, toPhoneCountries } from '../../../ui/phone-number-input';
import { fieldMessage } from '../lib/field-messages.ts';
import type { TRegistrationConfig, TRegistrationField } from '../lib/registration-config.ts';
import type { TRegistrationValues } from '../lib/registration-payload.ts';
import {
  BORDER_ERROR,
  BORDER_OK,
  FieldShell,
  INPUT,
  PasswordField,
  SelectField,
  TextField,
} from './form-controls.tsx';

const PHONE_COUNTRIES = toPhoneCountries(COUNTRIES);

/** What the player types into a registration date: digits, dotted as dd.mm.yyyy as they go (spec §5 Date). */
const limitDate = (registration: UseFormRegisterReturn): UseFormRegisterReturn => ({
  ...registration,
  onChange: (event) => {
    const target = event.target as HTMLInputElement;
    const dotted = dotDate(target.value);
    if (dotted !== target.value) target.value = dotted;
    return registration.onChange(event);
  },
});

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
          // Spec §5 Password (form): the refusal lists the characters it does not take.
          ...(String(error) === 'notWalidPassword'
            ? { chars: offendingPasswordCharacters(String(form.getValues(field.sysname) ?? '')).join(' ') }
            : {}),
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
      return (
        <PhoneField
          label={label}
          error={message}
          wrapperClassName={wrapperClassName}
          placeholder={placeholder}
          sysname={field.sysname}
          formApi={form}
        />
      );
    case 'date':
      return (
        <TextField
          {...common}
          registration={limitDate(registration)}
          maxLength={10}
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

/**
 * A phone: the country's phone code beside the number, shown in the country's mask; a pasted international
 * number picks its country (the profile's contacts draw the same input, ui/phone-number-input).
 */
function PhoneField({
  formApi: form,
  sysname,
  label,
  error,
  wrapperClassName,
  placeholder,
}: {
  formApi: UseFormReturn<TRegistrationValues>;
  sysname: string;
  label: string;
  error: string | undefined;
  wrapperClassName: string;
  placeholder: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const countryCode = String(form.watch('phone_country_code') ?? '');
  const country = PHONE_COUNTRIES.find((c) => c.country_code === countryCode);
  const value = String(form.watch(sysname) ?? '');
  const { onBlur } = form.register(sysname);
  return (
    <div className={`grid grid-cols-[110px_1fr] gap-2 ${wrapperClassName}`}>
      <SelectField
        label={t('auth.register.phoneCodeLabel', { defaultValue: 'Code' })}
        registration={form.register('phone_country_code')}
        emptyOption="+"
        options={COUNTRIES.map((c) => ({ value: c.code, label: `${c.code} +${c.phone_code}` }))}
      />
      <FieldShell id={id} label={label} error={error}>
        <PhoneNumberInput
          id={id}
          name={sysname}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${INPUT} ${error ? BORDER_ERROR : BORDER_OK}`}
          {...(placeholder ? { placeholder } : {})}
          value={value}
          country={country}
          countries={PHONE_COUNTRIES}
          onBlur={onBlur}
          onPhone={(change) => {
            if (change.country && change.country !== country)
              form.setValue('phone_country_code', change.country.country_code, { shouldDirty: true });
            form.setValue(sysname, change.digits, {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            });
          }}
        />
      </FieldShell>
    </div>
  );
}
