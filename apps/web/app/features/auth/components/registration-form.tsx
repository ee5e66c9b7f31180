/**
 * The registration form of one method (full or fast): the dynamic fields, then the optional blocks of
 * spec §2 (betting mark, promo code, terms, notify, character), the server-error notice and the submit.
 */
import type { TFieldDefinition } from '@casino/contracts/countries';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { track } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api/client.ts';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAuthApi } from '../api/auth-api.ts';
import { useAuthSite } from '../hooks/use-auth-site.ts';
import { usePromoCheck } from '../hooks/use-promo-check.ts';
import { readStored, STORAGE_BETTING, STORAGE_PROMO_CODE, writeStored } from '../lib/auth-links.ts';
import { initialCurrency, resetsAfterCountryChange } from '../lib/currency-conditions.ts';
import { fieldMessage } from '../lib/field-messages.ts';
import type { TAuthType, TRegistrationConfig } from '../lib/registration-config.ts';
import { isFastMethod, resolveFields } from '../lib/registration-fields.ts';
import { buildRegistrationPayload, type TRegistrationValues } from '../lib/registration-payload.ts';
import { registrationResolver } from '../lib/registration-resolver.ts';
import { RichText } from '../lib/rich-text.tsx';
import { mapInvalidParameters } from '../lib/server-errors.ts';
import { useAuthPopup } from './auth-popup-context.ts';
import { Checkbox, ErrorNotice, Spinner, SubmitButton, TextField } from './form-controls.tsx';
import { RegistrationField } from './registration-field.tsx';
import { SocialBlock } from './social-block.tsx';

interface TProps {
  config: TRegistrationConfig;
  method: TAuthType;
}

const initialPromo = () => {
  if (typeof window === 'undefined') return '';
  return (
    new URLSearchParams(window.location.search).get('promo_code') ?? readStored(STORAGE_PROMO_CODE) ?? ''
  );
};

export function RegistrationForm({ config, method }: TProps) {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const site = useAuthSite();
  const popup = useAuthPopup();
  const [personal, setPersonal] = useState<TFieldDefinition[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingResets, setPendingResets] = useState<Record<string, string> | null>(null);
  const fields = useMemo(() => resolveFields(config, method, personal), [config, method, personal]);
  const termsRequired = config.terms.isActive;
  const formType = isFastMethod(method) ? 'fast' : 'form';

  const defaults = useMemo((): TRegistrationValues => {
    const values: TRegistrationValues = {};
    for (const f of config.fields) values[f.sysname] = '';
    const country = config.defaultCountry || site.account?.country_code || '';
    const promo = initialPromo();
    const storedBetting = readStored(STORAGE_BETTING);
    return {
      ...values,
      country_code: country,
      phone_country_code: country,
      currency: initialCurrency(config, config.currencies[0] ?? ''),
      hasPromocode: config.showPromoFieldByDefault || promo !== '',
      promo_code: promo,
      terms: config.terms.defaultValue,
      notify: config.notify.defaultValue,
      is_betting: storedBetting ? storedBetting === '1' : config.markBetting.defaultValue === 'betting',
      character_id: '',
    };
  }, [config, site.account?.country_code]);

  const fieldsRef = useRef(fields);
  fieldsRef.current = fields;
  const form = useForm<TRegistrationValues>({
    defaultValues: defaults,
    mode: config.validationStrategy === 'eager' ? 'onTouched' : 'onSubmit',
    reValidateMode: 'onChange',
    // The fields change with the country: the resolver reads the latest list on every run.
    resolver: (values, context, options) =>
      registrationResolver(fieldsRef.current, config, { termsRequired })(values, context, options),
  });
  const { errors, isSubmitting } = form.formState;

  // Spec §4 Country change: reload the personal fields, reset region, document type and currency.
  const country = String(form.watch('country_code') ?? '');
  const loadedCountry = useRef<string | null>(null);
  useEffect(() => {
    if (country === '' || loadedCountry.current === country) return;
    const isChange = loadedCountry.current !== null;
    loadedCountry.current = country;
    let isCurrent = true;
    authApi.getPersonalDataFields(country).then(
      (definitions) => {
        if (!isCurrent) return;
        setPersonal(definitions);
        const next = resolveFields(config, method, definitions);
        if (!isChange) return;
        const resets = resetsAfterCountryChange(config, next, String(form.getValues('currency') ?? ''));
        setPendingResets({ ...resets, phone_country_code: country });
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [country, authApi, config, method, form]);

  // Applied once the new options are on screen: a select cannot take a value it has no option for.
  useEffect(() => {
    if (!pendingResets) return;
    const current = form.getValues();
    for (const [name, value] of Object.entries(pendingResets))
      if (name in current) form.setValue(name, value);
    setPendingResets(null);
  }, [pendingResets, form]);

  const hasPromocode = form.watch('hasPromocode') === true;
  const promoCode = String(form.watch('promo_code') ?? '');
  const promoState = usePromoCheck(promoCode, config.showPromocode && hasPromocode);
  useEffect(() => {
    if (promoState === 'invalid') {
      form.setError('promo_code', { type: 'server', message: 'common.promoCodeErrors.INVALID' });
      track('promocodeNotFound');
    } else if (promoState === 'excluded')
      form.setError('promo_code', { type: 'server', message: 'common.promoCodeErrors.EXCLUDED' });
    else if (form.getFieldState('promo_code').error?.type === 'server') form.clearErrors('promo_code');
  }, [promoState, form]);

  const message = (name: string) => {
    const code = errors[name]?.message;
    return code ? fieldMessage(t, String(code), {}, config.form.validationErrors) : undefined;
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    const payload = buildRegistrationPayload(values, {
      locale: site.locale,
      formType,
      withNotify: config.notify.isActive,
      withBetting: config.markBetting.isActive,
    });
    try {
      const account = await authApi.register(payload);
      track('registration', { uid: account.uid });
      await popup.onRegistered(account, { promoSent: payload.promo_code !== undefined });
    } catch (error) {
      // Spec §8: the registration error code is reported to analytics.
      track('registrationFailure', { error_code: isApiError(error) ? error.type : 'UnknownErrorException' });
      const names = [...fields.map((f) => f.sysname), 'terms', 'promo_code', 'phone_country_code'];
      const invalid = isApiError(error, 'InvalidParameterException') ? error.invalidParameters : {};
      const { fields: mapped } = mapInvalidParameters(invalid, names);
      for (const [name, code] of Object.entries(mapped)) {
        const text =
          name === 'promo_code' && /^[A-Z_]+$/.test(code) ? `common.promoCodeErrors.${code}` : code;
        form.setError(name, { type: 'server', message: text });
      }
      if (Object.keys(mapped).length === 0)
        setNotice(
          t('popups.registration.wrongRegServerError', {
            defaultValue: 'Registration failed. Please check your details and try again.',
          }),
        );
    }
  });

  const termsGate = () => {
    if (!termsRequired || form.getValues('terms') === true) return true;
    form.setError('terms', { type: 'rule', message: 'uncheckedCheckbox' });
    return false;
  };

  return (
    <div className="flex flex-col gap-5">
      <form
        className="grid grid-cols-1 gap-4 sm:grid-cols-2"
        noValidate
        onSubmit={onSubmit}
        data-form-type={formType}
      >
        {fields.map((field) => (
          <RegistrationField key={field.sysname} field={field} form={form} config={config} />
        ))}

        {config.markBetting.isActive && (
          <fieldset className="sm:col-span-2">
            <legend className="mb-2 text-sm font-medium text-[var(--color-text-muted,#c4c8d6)]">
              {t('auth.register.bettingMarkLabel', { defaultValue: 'Choose your welcome bonus' })}
            </legend>
            <div className="grid grid-cols-2 gap-2">
              {(['casino', 'betting'] as const).map((kind) => {
                const isChecked = (form.watch('is_betting') === true) === (kind === 'betting');
                return (
                  <label
                    key={kind}
                    className={`flex h-11 cursor-pointer items-center justify-center rounded-lg border text-sm font-medium ${isChecked ? 'border-[var(--color-accent,#f5b400)] bg-[var(--color-accent,#f5b400)]/10' : 'border-white/12'}`}
                  >
                    <input
                      type="radio"
                      name="is_betting_choice"
                      className="sr-only"
                      checked={isChecked}
                      onChange={() => {
                        form.setValue('is_betting', kind === 'betting');
                        writeStored(STORAGE_BETTING, kind === 'betting' ? '1' : '0');
                      }}
                    />
                    {kind === 'betting'
                      ? t('auth.register.bettingMarkBetting', { defaultValue: 'Sports betting' })
                      : t('auth.register.bettingMarkCasino', { defaultValue: 'Casino' })}
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}

        {config.showCharacterSelect && config.characters.length > 0 && (
          <fieldset className="sm:col-span-2">
            <legend className="mb-2 text-sm font-medium text-[var(--color-text-muted,#c4c8d6)]">
              {t('auth.register.characterLabel', { defaultValue: 'Choose your character' })}
            </legend>
            <div className="flex flex-wrap gap-2">
              {config.characters.map((character) => (
                <label
                  key={character.id}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-white/12 px-3 py-2 text-sm has-[:checked]:border-[var(--color-accent,#f5b400)]"
                >
                  <input
                    type="radio"
                    value={character.id}
                    className="accent-[var(--color-accent,#f5b400)]"
                    {...form.register('character_id')}
                  />
                  {character.image && <img src={character.image} alt="" className="size-8 rounded-full" />}
                  {character.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}

        {config.showPromocode && (
          <div className="flex flex-col gap-3 sm:col-span-2">
            <Checkbox
              label={t('auth.register.hasPromoCode', { defaultValue: 'I have a promo code' })}
              registration={form.register('hasPromocode')}
            />
            {hasPromocode && (
              <TextField
                label={t('auth.register.promoCodeLabel', { defaultValue: 'Promo code' })}
                placeholder={t('auth.register.promoCodePlaceholder', { defaultValue: 'Enter promo code' })}
                autoComplete="off"
                registration={form.register('promo_code', { setValueAs: (v: string) => v.trim() })}
                error={message('promo_code')}
                trailing={<PromoStatus state={promoState} />}
              />
            )}
          </div>
        )}

        {termsRequired && (
          <div className="sm:col-span-2">
            <Checkbox
              label={
                <RichText
                  source={t('auth.register.termsLabel', {
                    age: config.minimumAge,
                    defaultValue: 'I am at least {age} years old and I accept the Terms and Conditions',
                  })}
                  linkClassName="font-medium text-[var(--color-accent,#f5b400)] underline underline-offset-2"
                />
              }
              registration={form.register('terms')}
              error={message('terms')}
            />
          </div>
        )}
        {config.notify.isActive && (
          <div className="sm:col-span-2">
            <Checkbox
              label={t('auth.register.notifyLabel', {
                defaultValue: 'I want to receive news and offers by email',
              })}
              registration={form.register('notify')}
            />
          </div>
        )}

        {notice && (
          <div className="sm:col-span-2">
            <ErrorNotice>{notice}</ErrorNotice>
          </div>
        )}
        <div className="sm:col-span-2">
          <SubmitButton isLoading={isSubmitting} disabled={promoState === 'checking'}>
            {t('auth.register.submit', { defaultValue: 'Register' })}
          </SubmitButton>
        </div>
      </form>
      <SocialBlock
        typeAuth="registration"
        title={t('auth.register.socialTitle', { defaultValue: 'Or register with' })}
        gate={termsGate}
      />
    </div>
  );
}

function PromoStatus({ state }: { state: ReturnType<typeof usePromoCheck> }) {
  const { t } = useTranslation();
  if (state === 'checking')
    return (
      <span
        role="status"
        aria-label={t('auth.register.promoCodeChecking', { defaultValue: 'Checking the promo code…' })}
        className="px-2 text-[var(--color-text-muted,#9aa0b4)]"
      >
        <Spinner className="size-4" />
      </span>
    );
  if (state === 'valid')
    return (
      <span
        role="img"
        aria-label={t('auth.register.promoCodeValid', { defaultValue: 'Promo code accepted' })}
        className="px-2 text-emerald-400"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </span>
    );
  return null;
}
