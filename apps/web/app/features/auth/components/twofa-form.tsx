/**
 * The two-factor step (spec §4): the same login call with the 6-digit code. Submitting without a code asks
 * for a resend (a login without code answers a fresh resend_time); the timer counts down from resend_time.
 */
import { CODE_LENGTH, code as codeRule } from '@casino/contracts/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAuthApi } from '../api/auth-api.ts';
import { useResendTimer } from '../hooks/use-resend-timer.ts';
import { isTwoFactorRequired, resendSecondsOf, twoFactorMessageOf } from '../lib/server-errors.ts';
import { type TTwoFactorPending, useAuthPopup } from './auth-popup-context.ts';
import { SubmitButton, TextField } from './form-controls.tsx';
import { BackToLogin } from './restore-form.tsx';

const MESSAGES = {
  codeDigits: 'The code must contain 6 digits',
  timeExpired: 'Time expired',
  codeInvalid: 'The code is invalid',
  alreadyEnabled: 'Two-factor authentication is already enabled',
  somethingWrong: 'Something went wrong. Please try again.',
} as const;

export function TwoFactorForm({ pending }: { pending: TTwoFactorPending }) {
  const { t } = useTranslation();
  const authApi = useAuthApi();
  const popup = useAuthPopup();
  const timer = useResendTimer(pending.resend_time);
  const [isResending, setIsResending] = useState(false);
  const form = useForm<{ code: string }>({ defaultValues: { code: '' }, mode: 'onSubmit' });
  const { errors, isSubmitting } = form.formState;
  const messageOf = (key: keyof typeof MESSAGES) => t(`auth.twofa.${key}`, { defaultValue: MESSAGES[key] });

  const resend = async () => {
    setIsResending(true);
    try {
      await authApi.login({ login: pending.login, password: pending.password });
    } catch (error) {
      if (isTwoFactorRequired(error)) timer.restart(resendSecondsOf(error) ?? 0);
      else form.setError('code', { type: 'server', message: twoFactorMessageOf(error) });
    } finally {
      setIsResending(false);
    }
  };

  const onSubmit = form.handleSubmit(async ({ code }) => {
    const value = code.trim();
    if (value === '') {
      await resend();
      return;
    }
    if (codeRule(value)) {
      form.setError('code', { type: 'client', message: 'codeDigits' });
      return;
    }
    try {
      const account = await authApi.login({ login: pending.login, password: pending.password, code: value });
      await popup.onSignedIn(account);
    } catch (error) {
      form.setError('code', { type: 'server', message: twoFactorMessageOf(error) });
    }
  });

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-[var(--color-text-muted,#c4c8d6)]">
        {t('auth.twofa.description', { defaultValue: 'Enter the 6-digit code from your authenticator app.' })}
      </p>
      <form className="flex flex-col gap-4" noValidate onSubmit={onSubmit}>
        <TextField
          label={t('auth.twofa.codeLabel', { defaultValue: 'Code' })}
          placeholder={t('auth.twofa.codePlaceholder', { defaultValue: '000000' })}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          data-autofocus=""
          className="h-12 w-full rounded-lg border border-white/12 bg-[var(--color-input,#0f1320)] px-3.5 text-center font-mono text-xl tracking-[0.5em] outline-none focus:border-[var(--color-accent,#f5b400)]"
          registration={form.register('code', {
            setValueAs: (v: string) => v.replace(/\D/g, ''),
          })}
          error={errors.code?.message ? messageOf(errors.code.message as keyof typeof MESSAGES) : undefined}
        />
        <div className="flex items-center justify-between gap-3 text-sm">
          {timer.isRunning ? (
            <span role="timer" aria-live="off" className="text-[var(--color-text-muted,#9aa0b4)]">
              {/* The code comes from an authenticator app: nothing is resent, the app shows the next one. */}
              {t('auth.twofa.resendTime', {
                seconds: timer.seconds,
                defaultValue: `Your app shows a new code in ${timer.seconds} s`,
              })}
            </span>
          ) : (
            <button
              type="button"
              disabled={isResending}
              onClick={resend}
              className="font-medium text-[var(--color-accent,#f5b400)] hover:underline disabled:opacity-50"
            >
              {t('auth.twofa.resend', { defaultValue: 'Update the countdown' })}
            </button>
          )}
        </div>
        <SubmitButton isLoading={isSubmitting}>
          {t('auth.twofa.submit', { defaultValue: 'Confirm' })}
        </SubmitButton>
      </form>
      <BackToLogin
        onClick={() => popup.setView('authorization')}
        label={t('auth.twofa.backToLogin', { defaultValue: 'Back to sign in' })}
      />
    </div>
  );
}
