/**
 * Social registration (spec §4): a player signed in through a provider whose registration is not complete
 * gives the missing details here. The popup cannot be closed until it is done.
 */
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client.ts';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAuthApi } from '../api/auth-api.ts';
import { useAuthSite } from '../hooks/use-auth-site.ts';
import { useRegistrationConfigSettled } from '../hooks/use-registration-config.ts';
import type { TRegistrationConfig } from '../lib/registration-config.ts';
import { buildRegistrationPayload, type TRegistrationValues } from '../lib/registration-payload.ts';
import { registrationResolver } from '../lib/registration-resolver.ts';
import { mapInvalidParameters } from '../lib/server-errors.ts';
import { useAuthPopup } from './auth-popup-context.ts';
import { ErrorNotice, SubmitButton } from './form-controls.tsx';
import { RegistrationField } from './registration-field.tsx';
import { RegistrationLoading } from './registration-view.tsx';

/** The provider already proved who the player is: its identity and password fields are not asked again. */
const IDENTITY = new Set(['email', 'phone', 'login', 'password', 'password_confirmation']);

export function SocialRegistration({ config }: { config: TRegistrationConfig }) {
  // The fields and their first values come from the operator's config, never a default one still loading.
  if (!useRegistrationConfigSettled()) return <RegistrationLoading />;
  return <SocialRegistrationForm config={config} />;
}

function SocialRegistrationForm({ config }: { config: TRegistrationConfig }) {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const site = useAuthSite();
  const popup = useAuthPopup();
  const [notice, setNotice] = useState<string | null>(null);
  const fields = useMemo(
    () =>
      config.fields.filter((f) => f.params.is_required && f.params.is_visible && !IDENTITY.has(f.sysname)),
    [config],
  );
  const form = useForm<TRegistrationValues>({
    defaultValues: {
      ...Object.fromEntries(fields.map((f) => [f.sysname, ''])),
      currency: config.currencies[0] ?? '',
    },
    // The account was made with the terms accepted (the server refuses it otherwise): they are not asked again.
    resolver: registrationResolver(fields, config, { termsRequired: false }),
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    const payload = buildRegistrationPayload(values, {
      locale: site.locale,
      formType: 'form',
      withNotify: false,
      withBetting: false,
    });
    delete payload.form_type;
    try {
      await authApi.saveProfileInfo(payload);
      await popup.onRegistered({
        uid: site.account?.uid ?? 0,
        login: site.account?.login ?? '',
        is_registration_completed: true,
      });
    } catch (error) {
      const { fields: mapped } = mapInvalidParameters(
        isApiError(error, 'InvalidParameterException') ? error.invalidParameters : {},
        fields.map((f) => f.sysname),
      );
      for (const [name, code] of Object.entries(mapped))
        form.setError(name, { type: 'server', message: code });
      if (Object.keys(mapped).length === 0)
        setNotice(
          t('popups.registration.wrongRegServerError', {
            defaultValue: 'Registration failed. Please check your details and try again.',
          }),
        );
    }
  });

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-[var(--color-text-muted,#c4c8d6)]">
        {t('auth.social.registrationDescription', {
          defaultValue: 'Just a few more details and you are ready to play.',
        })}
      </p>
      <form className="grid grid-cols-1 gap-4 sm:grid-cols-2" noValidate onSubmit={onSubmit}>
        {fields.map((field) => (
          <RegistrationField key={field.sysname} field={field} form={form} config={config} />
        ))}
        {notice && (
          <div className="sm:col-span-2">
            <ErrorNotice>{notice}</ErrorNotice>
          </div>
        )}
        <div className="sm:col-span-2">
          <SubmitButton isLoading={isSubmitting}>
            {t('common.buttons.continue', { defaultValue: 'Continue' })}
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
