/** The login view: login (labelled email), password with an eye, forgot link, submit, register, social. */
import { normaliseLogin } from '@casino/contracts/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { track } from '../../../lib/analytics';
import { isApiError } from '../../../lib/api/client.ts';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAuthApi } from '../api/auth-api.ts';
import { fieldMessage } from '../lib/field-messages.ts';
import { isTwoFactorRequired, mapInvalidParameters, resendSecondsOf } from '../lib/server-errors.ts';
import { useAuthPopup } from './auth-popup-context.ts';
import { ErrorNotice, LinkButton, PasswordField, SubmitButton, TextField } from './form-controls.tsx';
import { SocialBlock } from './social-block.tsx';

interface TLoginValues {
  login: string;
  password: string;
}

export function LoginForm(_props: { validationMode: 'eager' | 'onSubmit' }) {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const popup = useAuthPopup();
  const [notice, setNotice] = useState<string | null>(null);
  const form = useForm<TLoginValues>({
    defaultValues: { login: '', password: '' },
    // The eager/onSubmit strategy is the registration form's (spec §4); here a blur must not move the links.
    mode: 'onSubmit',
  });
  const { errors, isSubmitting } = form.formState;
  const message = (code: string | undefined) => (code ? fieldMessage(t, code) : undefined);

  const onSubmit = form.handleSubmit(async (values) => {
    setNotice(null);
    const login = normaliseLogin(values.login);
    try {
      const account = await authApi.login({ login, password: values.password });
      track('login', { uid: account.uid });
      await popup.onSignedIn(account);
    } catch (error) {
      if (isTwoFactorRequired(error)) {
        popup.startTwoFactor({ login, password: values.password, resend_time: resendSecondsOf(error) ?? 0 });
        return;
      }
      // Spec §8: a login failure fires an analytics event with the response's error code.
      track('loginFailure', { error_code: isApiError(error) ? error.type : 'UnknownErrorException' });
      if (isApiError(error, 'InvalidParameterException')) {
        const { fields, unmatched } = mapInvalidParameters(error.invalidParameters, ['login', 'password']);
        for (const [name, code] of Object.entries(fields))
          form.setError(name as keyof TLoginValues, { type: 'server', message: code });
        if (Object.keys(unmatched).length === 0) return;
      }
      const exclusion =
        isApiError(error, 'AccessDeniedException') && error.data.reason === 'self_excluded'
          ? error.data
          : null;
      if (exclusion) popup.onMarketingPaused();
      setNotice(
        isApiError(error, 'UserBannedException')
          ? t('auth.login.banned', { defaultValue: 'This account is blocked' })
          : exclusion
            ? selfExclusionNotice(t, exclusion)
            : isApiError(error, 'TooManyRequestsException')
              ? t('auth.login.tooManyAttempts', {
                  defaultValue: 'Too many attempts. Please wait and try again.',
                })
              : t('auth.login.wrongCredentials', { defaultValue: 'Wrong login or password' }),
      );
    }
  });

  return (
    <div className="flex flex-col gap-5">
      <form
        className="flex flex-col gap-4"
        noValidate
        onSubmit={onSubmit}
        aria-label={t('auth.login.title', { defaultValue: 'Sign in' })}
      >
        <TextField
          label={t('auth.login.loginLabel', { defaultValue: 'Email' })}
          placeholder={t('auth.login.loginPlaceholder', { defaultValue: 'Enter your email' })}
          autoComplete="username"
          inputMode="email"
          registration={form.register('login', {
            validate: (v) => (v.trim() === '' ? 'requiredField' : true),
          })}
          error={message(errors.login?.message)}
        />
        <PasswordField
          label={t('auth.login.passwordLabel', { defaultValue: 'Password' })}
          placeholder={t('auth.login.passwordPlaceholder', { defaultValue: 'Enter your password' })}
          autoComplete="current-password"
          registration={form.register('password', { validate: (v) => (v === '' ? 'insertPassword' : true) })}
          error={message(errors.password?.message)}
        />
        <div className="-mt-1 flex justify-end text-sm">
          <LinkButton onClick={() => popup.setView('restore')}>
            {t('auth.login.forgotPassword', { defaultValue: 'Forgot your password?' })}
          </LinkButton>
        </div>
        {notice && <ErrorNotice>{notice}</ErrorNotice>}
        <SubmitButton isLoading={isSubmitting}>
          {t('auth.login.submit', { defaultValue: 'Sign in' })}
        </SubmitButton>
      </form>
      <p className="text-center text-sm text-[var(--color-text-muted,#9aa0b4)]">
        {t('auth.login.noAccount', { defaultValue: "Don't have an account?" })}{' '}
        <LinkButton onClick={() => popup.setView('registration')}>
          {t('auth.login.register', { defaultValue: 'Register' })}
        </LinkButton>
      </p>
      <SocialBlock
        typeAuth="authorization"
        title={t('auth.login.socialTitle', { defaultValue: 'Or sign in with' })}
      />
    </div>
  );
}

/** A self-excluded or timed-out player learns why sign-in is refused and until when (responsible gaming). */
const selfExclusionNotice = (
  t: (key: string, options?: Record<string, unknown>) => string,
  data: Record<string, unknown>,
) => {
  if (data.is_permanent === true)
    return t('auth.login.selfExcludedPermanent', {
      defaultValue: 'Your account is permanently self-excluded. Contact support if you need help.',
    });
  // `until` is unix seconds; shown as spec §9 writes dates and times: dd.mm.yyyy H:mm.
  const until = typeof data.until === 'number' ? new Date(data.until * 1000) : null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const when = until
    ? `${pad(until.getDate())}.${pad(until.getMonth() + 1)}.${until.getFullYear()} ${until.getHours()}:${pad(until.getMinutes())}`
    : '';
  return data.type === 'time_out'
    ? t('auth.login.timedOut', { defaultValue: 'You are taking a break until {until}.', until: when })
    : t('auth.login.selfExcluded', {
        defaultValue: 'Your account is self-excluded until {until}.',
        until: when,
      });
};
