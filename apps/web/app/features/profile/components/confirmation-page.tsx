/**
 * /confirmation: where a mailed confirmation lands (`?contact=email&code=123456` fills and submits the code);
 * the player may also type the code. Success goes to /confirmation/success. Signed out: sign in first.
 */
import { codeOfLength } from '@casino/contracts/validator-config';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { accountQueryKey, useAccount } from '../../account/use-account';
import { LocaleLink } from '../../frame/locale-link';
import { useLocaleHref, useValidators } from '../../frame/use-site';
import { PROFILE_CALLS, profileKeys } from '../api/profile-api';
import { Button, Input } from './controls';

export function ConfirmationPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const queryClient = useQueryClient();
  const contact = search.get('contact') === 'phone' ? 'phone' : 'email';
  // The operator's code length (spec §3 validator config `code`), 6 unless it says otherwise.
  const { codeLength } = useValidators();
  const [code, setCode] = useState((search.get('code') ?? '').replace(/\D/g, '').slice(0, codeLength));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const tried = useRef(false);

  const confirm = async (value: string) => {
    if (codeOfLength(codeLength)(value))
      return setError(t('profile.smsCodeError', { defaultValue: 'The confirmation code is wrong' }));
    setBusy(true);
    try {
      if ((await api.call(PROFILE_CALLS.confirmContact, { contact, code: value })) !== 1)
        throw new Error('no');
      await queryClient.invalidateQueries({ queryKey: profileKeys.info });
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
      navigate(localeHref(paths.confirmationSuccess));
    } catch {
      setError(t('profile.smsCodeError', { defaultValue: 'The confirmation code is wrong' }));
    } finally {
      setBusy(false);
    }
  };

  // Only the first render with a mailed code submits by itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: one automatic try when the player is known
  useEffect(() => {
    if (account && code.length === codeLength && !tried.current) {
      tried.current = true;
      void confirm(code);
    }
  }, [account]);

  return (
    <section className="mx-auto flex max-w-md flex-col gap-4 py-14" data-testid="confirmation">
      <h1 className="text-center text-2xl font-bold text-[var(--text-strong)]">
        {t('pages.confirmation.header', { defaultValue: 'Confirm your contact' })}
      </h1>
      {!account ? (
        <div className="flex flex-col items-center gap-3 text-center">
          <p className="text-[var(--text-muted)]">
            {t('pages.confirmation.signIn', { defaultValue: 'Sign in to confirm your contact.' })}
          </p>
          <Link
            className="btn btn-primary"
            to={`${location.pathname}?${new URLSearchParams([...search.entries(), ['show_popup_auth', '1']])}`}
          >
            {t('header.login', { defaultValue: 'Sign in' })}
          </Link>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            void confirm(code);
          }}
        >
          <p className="text-center text-[var(--text-muted)]">
            {t('pages.confirmation.description', {
              defaultValue: 'Enter the {length}-digit code we sent you.',
              length: codeLength,
            })}
          </p>
          <Input
            label={t('profile.contacts.codeLabel', { defaultValue: 'Confirmation code' })}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={codeLength}
            error={error}
            onValue={(v) => {
              setCode(v.replace(/\D/g, ''));
              setError('');
            }}
          />
          <Button type="submit" loading={busy}>
            {t('profile.contacts.confirm', { defaultValue: 'Confirm' })}
          </Button>
        </form>
      )}
    </section>
  );
}

export function ConfirmationSuccessPage() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center"
      data-testid="confirmation-success"
    >
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-full bg-emerald-500/15 text-2xl text-emerald-400"
      >
        ✓
      </span>
      <h1 className="text-2xl font-bold text-[var(--text-strong)]">
        {t('pages.confirmationSuccess.header', { defaultValue: 'Your contact is confirmed' })}
      </h1>
      <p className="text-[var(--text-muted)]">
        {t('pages.confirmationSuccess.description', {
          defaultValue: 'Thank you! Your account is now safer.',
        })}
      </p>
      <LocaleLink to={paths.profile.settings} className="btn btn-primary">
        {t('profile.title', { defaultValue: 'Profile' })}
      </LocaleLink>
    </section>
  );
}
