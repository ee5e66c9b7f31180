/** The confirm e-mail prompt (spec §2 Other dialogs): send a code to the e-mail and type it here. */
import { codeOfLength } from '@casino/contracts/validator-config';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import { toast } from '../../../ui/toasts';
import { accountQueryKey } from '../../account/use-account';
import { useValidators } from '../../frame/use-site';
import { PROFILE_CALLS, profileInfoQuery, profileKeys } from '../api/profile-api';
import { rememberConfirmSent } from '../components/contacts-section';
import { Button, Input } from '../components/controls';

export default function ConfirmEmailDialog({ dialog }: TPlaceProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const profile = useQuery(profileInfoQuery());
  const email = profile.data?.contacts?.find((c) => c.type === 'email');
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // The operator's code length (spec §3 validator config `code`).
  const { codeLength } = useValidators();

  const send = async () => {
    setBusy(true);
    try {
      await api.call(PROFILE_CALLS.sendConfirmation, { contact: 'email' });
      rememberConfirmSent();
      setSent(true);
    } catch (caught) {
      if (isApiError(caught, 'TooManyRequestsException')) setSent(true);
      else
        toast.error(t('common.errors.generic', { defaultValue: 'Something went wrong. Please try again.' }));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (codeOfLength(codeLength)(code))
      return setError(t('profile.smsCodeError', { defaultValue: 'The confirmation code is wrong' }));
    setBusy(true);
    try {
      if ((await api.call(PROFILE_CALLS.confirmContact, { contact: 'email', code })) !== 1)
        throw new Error('no');
      toast.success(
        t('profile.contacts.confirmedToast', { defaultValue: 'Your contact has been confirmed' }),
      );
      await queryClient.invalidateQueries({ queryKey: profileKeys.info });
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
      dialog.close();
    } catch {
      setError(t('profile.smsCodeError', { defaultValue: 'The confirmation code is wrong' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-4 p-6" data-testid="confirm-email-dialog">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('profile.confirmEmail.title', { defaultValue: 'Confirm your email' })}
      </h2>
      <p className="text-sm text-[var(--text-muted)]">
        {sent
          ? t('profile.confirmEmail.codeSent', {
              email: email?.value ?? '',
              length: codeLength,
              defaultValue: 'We have sent a {length}-digit code to {email}. Enter it below.',
            })
          : t('profile.confirmEmail.prompt', {
              email: email?.value ?? '',
              defaultValue: 'Confirm {email} to keep your account safe and receive your winnings.',
            })}
      </p>
      {email?.is_confirmed ? (
        <p className="text-emerald-400">{t('profile.contacts.confirmed', { defaultValue: 'Confirmed' })}</p>
      ) : sent ? (
        <>
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
          <div className="flex flex-wrap gap-2">
            <Button loading={busy} onClick={confirm}>
              {t('profile.contacts.confirm', { defaultValue: 'Confirm' })}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={send}>
              {t('profile.confirmEmail.resend', { defaultValue: 'Send again' })}
            </Button>
          </div>
        </>
      ) : (
        <Button loading={busy} onClick={send}>
          {t('profile.contacts.sendCode', { defaultValue: 'Send code' })}
        </Button>
      )}
    </div>
  );
}
