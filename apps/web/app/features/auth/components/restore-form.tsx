/** Password recovery: e-mail or phone, then a neutral "if it exists, we sent it" message. */
import { normaliseLogin } from '@casino/contracts/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api/client.ts';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAuthApi } from '../api/auth-api.ts';
import { fieldMessage } from '../lib/field-messages.ts';
import { useAuthPopup } from './auth-popup-context.ts';
import { ErrorNotice, LinkButton, SubmitButton, TextField } from './form-controls.tsx';

export function RestoreForm(_props: { validationMode: 'eager' | 'onSubmit' }) {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const popup = useAuthPopup();
  const [isSent, setIsSent] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<{ login: string }>({
    defaultValues: { login: '' },
    // The eager/onSubmit strategy is the registration form's (spec §4); here a blur must not move the links.
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ login }) => {
    setNotice(null);
    try {
      await authApi.restore({ login: normaliseLogin(login) });
      setIsSent(true);
    } catch (error) {
      const code = isApiError(error, 'InvalidParameterException') ? error.invalidParameters.login : undefined;
      if (code) form.setError('login', { type: 'server', message: code });
      else
        setNotice(
          t('auth.twofa.somethingWrong', { defaultValue: 'Something went wrong. Please try again.' }),
        );
    }
  });

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-[var(--color-text-muted,#c4c8d6)]">
        {t('auth.restore.description', {
          defaultValue:
            'Enter the email or phone number of your account and we will send you instructions to reset your password.',
        })}
      </p>
      {isSent ? (
        <p
          role="status"
          className="rounded-lg border border-emerald-400/40 bg-emerald-400/10 px-3.5 py-3 text-sm text-emerald-200"
        >
          {t('auth.restore.sent', {
            defaultValue: 'If an account exists for this address, we have sent instructions to it.',
          })}
        </p>
      ) : (
        <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
          <TextField
            label={t('auth.restore.loginLabel', { defaultValue: 'Email or phone' })}
            placeholder={t('auth.restore.loginPlaceholder', { defaultValue: 'Email or phone' })}
            autoComplete="username"
            registration={form.register('login', {
              validate: (v) => (v.trim() === '' ? 'requiredField' : true),
            })}
            error={errors.login?.message ? fieldMessage(t, errors.login.message) : undefined}
          />
          {notice && <ErrorNotice>{notice}</ErrorNotice>}
          <SubmitButton isLoading={isSubmitting}>
            {t('auth.restore.submit', { defaultValue: 'Restore password' })}
          </SubmitButton>
        </form>
      )}
      <BackToLogin
        onClick={() => popup.setView('authorization')}
        label={t('auth.restore.backToLogin', { defaultValue: 'Back to sign in' })}
      />
    </div>
  );
}

export function BackToLogin({ onClick, label }: { onClick: () => void; label: string }) {
  return (
    <p className="text-center text-sm">
      <LinkButton onClick={onClick}>
        <span aria-hidden="true" className="me-1 inline-block rtl:rotate-180">
          ←
        </span>
        {label}
      </LinkButton>
    </p>
  );
}
