/**
 * /profile/security: change the password (current one required; every other session ends) and two-factor
 * authentication — on with a QR code and a confirming code, off with a code (hidden when the flag is off).
 */
import * as rules from '@casino/contracts/validation';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { refusalMessage, unmatchedFieldsMessage } from '../../../lib/api/refusal';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { accountQueryKey, useAccount } from '../../account/use-account';
import { useSite } from '../../frame/use-site';
import { PROFILE_CALLS } from '../api/profile-api';
import { profileFieldMessage } from '../lib/messages';
import { isFlagOn, TWO_FACTOR_FLAG } from '../lib/sections';
import { Button, Card, Input, Notice } from './controls';

export function SecurityPage() {
  const site = useSite();
  return (
    <>
      <ChangePassword />
      {isFlagOn(site?.cms.flags, TWO_FACTOR_FLAG) && <TwoFactor />}
    </>
  );
}

function ChangePassword() {
  const { t } = useTranslation();
  const [values, setValues] = useState({ current_password: '', new_password: '', repeat_password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const set = (key: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (values.current_password === '') found.current_password = profileFieldMessage(t, 'insertPassword');
    const next = rules.password(values.new_password);
    if (next) found.new_password = profileFieldMessage(t, next);
    const repeat = rules.passwordRepeat(values.new_password)(values.repeat_password);
    if (repeat) found.repeat_password = profileFieldMessage(t, repeat);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      if ((await api.call(PROFILE_CALLS.changePassword, values)) !== 1) throw new Error('not changed');
      setValues({ current_password: '', new_password: '', repeat_password: '' });
      setDone(true);
      toast.success(
        t('profile.security.passwordChanged', { defaultValue: 'Your password has been changed' }),
      );
    } catch (caught) {
      if (isApiError(caught, 'InvalidParameterException')) {
        const mapped: Record<string, string> = {};
        // A password too short for the operator's minimum: the answer says which.
        const min = caught.data.min_length;
        const bounds: Record<string, number> = typeof min === 'number' ? { min } : {};
        for (const [field, code] of Object.entries(caught.invalidParameters))
          mapped[field] =
            field === 'current_password' && code === 'wrongField'
              ? t('profile.security.wrongCurrent', { defaultValue: 'The current password is wrong' })
              : profileFieldMessage(t, code, 'text', bounds);
        const general = unmatchedFieldsMessage(t, caught.invalidParameters, Object.keys(values));
        setErrors(general ? { ...mapped, form: general } : mapped);
      } else if (isApiError(caught, 'AuthorizationException')) {
        setErrors({
          current_password: t('profile.security.wrongCurrent', {
            defaultValue: 'The current password is wrong',
          }),
        });
      } else setErrors({ form: refusalMessage(t, caught) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      title={t('profile.security.changePassword', { defaultValue: 'Change password' })}
      description={t('profile.security.sessionsNote', {
        defaultValue:
          'When you change your password, every other device signed in to your account is signed out.',
      })}
      testId="change-password"
    >
      <form noValidate onSubmit={submit} className="grid max-w-xl grid-cols-1 gap-4">
        <Input
          label={t('profile.security.oldPassword', { defaultValue: 'Current password' })}
          type="password"
          name="current_password"
          autoComplete="current-password"
          value={values.current_password}
          error={errors.current_password}
          onValue={set('current_password')}
        />
        <Input
          label={t('profile.security.newPassword', { defaultValue: 'New password' })}
          type="password"
          name="new_password"
          autoComplete="new-password"
          value={values.new_password}
          error={errors.new_password}
          hint={t('profile.security.passwordHint', {
            defaultValue: '6 to 20 latin letters, digits or symbols, no spaces.',
          })}
          onValue={set('new_password')}
        />
        <Input
          label={t('profile.security.repeatPassword', { defaultValue: 'Repeat new password' })}
          type="password"
          name="repeat_password"
          autoComplete="new-password"
          value={values.repeat_password}
          error={errors.repeat_password}
          onValue={set('repeat_password')}
        />
        {errors.form && <Notice tone="error">{errors.form}</Notice>}
        {done && (
          <Notice tone="success">
            {t('profile.security.otherSessionsEnded', {
              defaultValue:
                'Password changed. Your other sessions have been signed out; this one stays signed in.',
            })}
          </Notice>
        )}
        <Button
          type="submit"
          loading={saving}
          className="justify-self-start"
          data-testid="change-password-submit"
        >
          {t('profile.security.changePassword', { defaultValue: 'Change password' })}
        </Button>
      </form>
    </Card>
  );
}

interface TSetup {
  secret: string;
  otpauth_uri: string;
  qr_code: string;
}

function TwoFactor() {
  const { t } = useTranslation();
  const account = useAccount();
  const queryClient = useQueryClient();
  const enabled = account?.two_factor_auth === true;
  const [setup, setSetup] = useState<TSetup | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const codeMessage = (caught: unknown) => {
    if (isApiError(caught, 'InvalidParameterException') || isApiError(caught, 'AuthorizationException'))
      return t('auth.twofa.invalid', { defaultValue: 'The code is invalid' });
    return refusalMessage(t, caught);
  };
  const checkCode = () => {
    if (rules.code(code)) {
      setError(t('auth.twofa.digits', { defaultValue: 'The code must contain 6 digits' }));
      return false;
    }
    return true;
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: accountQueryKey });

  const start = async () => {
    setBusy(true);
    setError('');
    try {
      const data = await api.call(PROFILE_CALLS.changeTwoFactor, {});
      if ('secret' in data) setSetup(data);
    } catch (caught) {
      toast.error(codeMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const confirm = async () => {
    if (!checkCode()) return;
    setBusy(true);
    try {
      await api.call(PROFILE_CALLS.confirmTwoFactor, { code });
      setSetup(null);
      setCode('');
      toast.success(
        t('profile.security.twoFactorEnabled', { defaultValue: 'Two-factor authentication is on' }),
      );
      await refresh();
    } catch (caught) {
      setError(codeMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    if (!checkCode()) return;
    setBusy(true);
    try {
      await api.call(PROFILE_CALLS.changeTwoFactor, { code });
      setDisabling(false);
      setCode('');
      toast.success(
        t('profile.security.twoFactorDisabled', { defaultValue: 'Two-factor authentication is off' }),
      );
      await refresh();
    } catch (caught) {
      setError(codeMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  const codeInput = (
    <Input
      label={t('profile.security.code', { defaultValue: '6-digit code from your app' })}
      value={code}
      name="twofa-code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      error={error}
      wrapperClassName="max-w-xs"
      onValue={(v) => {
        setCode(v.replace(/\D/g, ''));
        setError('');
      }}
    />
  );

  return (
    <Card
      title={t('profile.security.twoFactorTitle', { defaultValue: 'Two-factor authentication' })}
      description={
        enabled
          ? t('profile.security.twoFactorEnabled', { defaultValue: 'Two-factor authentication is on' })
          : t('profile.security.twoFactorOff', {
              defaultValue: 'Add a second step to your sign-in: a 6-digit code from an authenticator app.',
            })
      }
      testId="two-factor"
    >
      {enabled ? (
        disabling ? (
          <div className="flex flex-col gap-3">
            {codeInput}
            <div className="flex flex-wrap gap-2">
              <Button variant="danger" loading={busy} onClick={turnOff} data-testid="twofa-disable-confirm">
                {t('profile.security.twoFactorDisable', { defaultValue: 'Disable' })}
              </Button>
              <Button variant="ghost" onClick={() => setDisabling(false)}>
                {t('common.buttons.cancel', { defaultValue: 'Cancel' })}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="ghost" onClick={() => setDisabling(true)} data-testid="twofa-disable">
            {t('profile.security.twoFactorDisable', { defaultValue: 'Disable' })}
          </Button>
        )
      ) : setup ? (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <img
            src={setup.qr_code}
            alt={t('profile.security.qrAlt', { defaultValue: 'QR code for your authenticator app' })}
            className="size-48 shrink-0 rounded-xl bg-white p-2"
            width={192}
            height={192}
          />
          <div className="flex min-w-0 flex-col gap-3">
            <p className="text-sm text-[var(--text-muted)]">
              {t('profile.security.twoFactorDescription', {
                defaultValue:
                  'Scan the QR code with your authenticator app and enter the 6-digit code to protect your account.',
              })}
            </p>
            <p className="text-sm">
              <span className="text-[var(--text-muted)]">
                {t('profile.security.secretKey', { defaultValue: 'Secret key' })}:{' '}
              </span>
              <code className="break-all font-mono text-[var(--text-strong)]" data-testid="twofa-secret">
                {setup.secret}
              </code>
            </p>
            {codeInput}
            <Button loading={busy} onClick={confirm} className="self-start" data-testid="twofa-confirm">
              {t('profile.contacts.confirm', { defaultValue: 'Confirm' })}
            </Button>
          </div>
        </div>
      ) : (
        <Button loading={busy} onClick={start} data-testid="twofa-enable">
          {t('profile.security.twoFactorEnable', { defaultValue: 'Enable' })}
        </Button>
      )}
    </Card>
  );
}
