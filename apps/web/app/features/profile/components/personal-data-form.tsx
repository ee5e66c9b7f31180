/**
 * The personal data of spec §3 for the player's country (getPersonalDataFields): each field by its type,
 * checked by the §5 rules on blur and on submit, saved by saveProfileInfo (a save counts only when data is 1).
 * A country change reloads the fields and resets the region to its first option.
 */
import type { TProfileInfo } from '@casino/contracts/calls/account';
import { DEFAULT_MINIMUM_AGE } from '@casino/contracts/validation';
import { minimumAgeWith } from '@casino/contracts/validator-config';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { unmatchedFieldsMessage } from '../../../lib/api/refusal';
import { countryOptions } from '../../../lib/country-names';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { useValidators } from '../../frame/use-site';
import { PROFILE_CALLS, personalFieldsQuery, phoneSettingsQuery, profileKeys } from '../api/profile-api';
import { DOCUMENT_LABELS, FIELD_LABELS, SEX_LABELS } from '../lib/field-labels';
import { checkField, maskDate, type TFieldDef, toShownDate } from '../lib/field-rules';
import { kindOfField, profileFieldMessage } from '../lib/messages';
import { Button, Card, Input, Select } from './controls';

/** Fields that other parts of the page own: contacts go through addcontact. */
const NOT_HERE = new Set(['mobile', 'email', 'phone']);

const storedValue = (profile: TProfileInfo, sysname: string): string => {
  if (sysname === 'birth_date') return toShownDate(profile.birth_date);
  if (sysname === 'sex') return profile.sex ? String(profile.sex) : '';
  const value = (profile as unknown as Record<string, unknown>)[sysname];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
};

export function PersonalDataForm({
  profile,
  returnTo,
}: {
  profile: TProfileInfo;
  returnTo?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [country, setCountry] = useState(profile.country_code);
  const fields = useQuery(personalFieldsQuery(country || profile.country_code));
  const countries = useQuery(phoneSettingsQuery());
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  // The validator config's birth date entry: a stricter minimum age and the earliest year (spec §3).
  const { birthMinAge, birthMinYear } = useValidators();
  const minimumAge = minimumAgeWith(DEFAULT_MINIMUM_AGE, birthMinAge);

  const definitions = useMemo(
    () => (fields.data ?? []).filter((d) => d.params.is_visible && !NOT_HERE.has(d.sysname)) as TFieldDef[],
    [fields.data],
  );
  const read = (sysname: string) =>
    values[sysname] ?? (sysname === 'country_code' ? country : storedValue(profile, sysname));

  // A new country's region list replaces the old one: the region resets to its first option.
  useEffect(() => {
    const region = fields.data?.find((d) => d.sysname === 'region');
    if (!region || country === profile.country_code) return;
    setValues((v) => ({ ...v, region: region.options.list?.[0]?.value ?? '' }));
  }, [fields.data, country, profile.country_code]);

  const messageOf = (sysname: string, code: string) =>
    profileFieldMessage(
      t,
      code,
      kindOfField(sysname),
      code === 'underAge' ? { min: minimumAge } : { max: 100 },
    );
  const validate = (def: TFieldDef, value: string) => {
    const code = checkField(def, value, {
      documentType: read('document_type'),
      minimumAge,
      minYear: birthMinYear,
    });
    setErrors((e) => {
      const next = { ...e };
      if (code) next[def.sysname] = messageOf(def.sysname, code);
      else delete next[def.sysname];
      return next;
    });
    return code;
  };
  const change = (sysname: string, value: string) => {
    setValues((v) => ({ ...v, [sysname]: value }));
    if (errors[sysname]) setErrors((e) => ({ ...e, [sysname]: '' }));
    if (sysname === 'country_code') setCountry(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const failures = definitions.map((def) => validate(def, read(def.sysname))).filter(Boolean);
    if (failures.length > 0) return;
    const params: Record<string, string> = {};
    for (const def of definitions) params[def.sysname] = read(def.sysname).trim();
    setSaving(true);
    try {
      const data = await api.call(PROFILE_CALLS.saveProfileInfo, params);
      if (data !== 1) throw new Error('profile not saved');
      toast.success(t('profile.personal.saved', { defaultValue: 'Your profile has been saved' }));
      setValues({});
      await queryClient.invalidateQueries({ queryKey: profileKeys.info });
      if (returnTo) navigate(returnTo);
    } catch (error) {
      if (isApiError(error, 'InvalidParameterException')) {
        const mapped: Record<string, string> = {};
        for (const [field, code] of Object.entries(error.invalidParameters))
          mapped[field] = messageOf(field, code);
        setErrors(mapped);
        const general = unmatchedFieldsMessage(
          t,
          error.invalidParameters,
          definitions.map((d) => d.sysname),
        );
        if (general) toast.error(general);
      } else {
        // Spec §4: a failed profile save is logged and returns nothing; the player gets a notice.
        console.warn('saveProfileInfo failed', error);
        toast.error(t('profile.personal.saveError', { defaultValue: 'The profile could not be saved' }));
      }
    } finally {
      setSaving(false);
    }
  };

  const label = (sysname: string) => {
    const entry = FIELD_LABELS[sysname];
    return entry ? t(entry[0], { defaultValue: entry[1] }) : sysname;
  };
  const optionsOf = (def: TFieldDef) => {
    if (def.type === 'country_code')
      return countryOptions(
        (countries.data ?? []).map((c) => ({ code: c.country_code, name: c.name })),
        i18n.language,
      );
    return (def.options.list ?? []).map((o) => {
      const labels =
        def.sysname === 'sex' ? SEX_LABELS : def.sysname === 'document_type' ? DOCUMENT_LABELS : {};
      const entry = labels[o.value];
      return { value: o.value, label: entry ? t(entry[0], { defaultValue: entry[1] }) : o.label };
    });
  };

  return (
    <Card title={t('profile.personal.title', { defaultValue: 'Personal data' })} testId="personal-data">
      <form noValidate onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        {fields.isPending && <p className="text-sm text-[var(--text-muted)]">…</p>}
        {definitions.map((def) => {
          const common = {
            label: (
              <>
                {label(def.sysname)}
                {def.params.is_required && <span aria-hidden="true"> *</span>}
              </>
            ),
            value: read(def.sysname),
            error: errors[def.sysname],
            name: def.sysname,
          };
          if (def.type === 'select' || def.type === 'region' || def.type === 'country_code') {
            const options = optionsOf(def);
            if (def.type === 'region' && options.length === 0)
              return (
                <Input
                  key={def.sysname}
                  {...common}
                  onValue={(v) => change(def.sysname, v)}
                  onBlur={() => validate(def, read(def.sysname))}
                />
              );
            return (
              <Select
                key={def.sysname}
                {...common}
                options={options}
                emptyOption={def.params.is_required && common.value !== '' ? undefined : '—'}
                onValue={(v) => {
                  change(def.sysname, v);
                  validate(def, v);
                }}
              />
            );
          }
          if (def.type === 'date')
            return (
              <Input
                key={def.sysname}
                {...common}
                inputMode="numeric"
                placeholder="dd.mm.yyyy"
                autoComplete="bday"
                onValue={(v) => change(def.sysname, maskDate(v))}
                onBlur={() => validate(def, read(def.sysname))}
              />
            );
          return (
            <Input
              key={def.sysname}
              {...common}
              type={def.type === 'password' ? 'password' : 'text'}
              autoComplete={AUTOCOMPLETE[def.sysname]}
              onValue={(v) => change(def.sysname, v)}
              onBlur={() => validate(def, read(def.sysname))}
            />
          );
        })}
        <div className="sm:col-span-2">
          <Button type="submit" loading={saving} data-testid="save-profile">
            {t('common.buttons.save', { defaultValue: 'Save' })}
          </Button>
        </div>
      </form>
    </Card>
  );
}

const AUTOCOMPLETE: Record<string, string> = {
  first_name: 'given-name',
  middle_name: 'additional-name',
  last_name: 'family-name',
  address: 'street-address',
  postcode: 'postal-code',
  home_town: 'address-level2',
};
