/**
 * Contacts (spec §4 contact flow): a changed value is dirty, then validated, then saved by addcontact (a failed
 * save marks it invalid: wrongEmailAddress / wrongPhoneFormat); a code goes by mail or SMS and confirmContact
 * takes it (a wrong code shows profile.smsCodeError); the code field is cleared on success.
 */
import type { TContact, TProfileInfo } from '@casino/contracts/calls/account';
import * as rules from '@casino/contracts/validation';
import { codeOfLength } from '@casino/contracts/validator-config';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { refusalMessage } from '../../../lib/api/refusal';
import { useTranslation } from '../../../lib/i18n-lite';
import { masksOf, nationalPart, type TPhoneCountry } from '../../../lib/phone';
import { PhoneNumberInput } from '../../../ui/phone-number-input';
import { toast } from '../../../ui/toasts';
import { accountQueryKey } from '../../account/use-account';
import { useValidators } from '../../frame/use-site';
import { PROFILE_CALLS, phoneSettingsQuery, profileKeys } from '../api/profile-api';
import { CONFIRM_SENT_KEY } from '../lib/hints';
import { profileFieldMessage } from '../lib/messages';
import { Button, Card, INPUT_CLASS, Input, Select } from './controls';

type TType = 'email' | 'phone';

export const rememberConfirmSent = () => {
  try {
    window.localStorage.setItem(CONFIRM_SENT_KEY, '1');
  } catch {
    // Private mode: the hint may show again, nothing else depends on it.
  }
};

export function ContactsSection({ profile }: { profile: TProfileInfo }) {
  const { t } = useTranslation();
  const contacts = profile.contacts ?? [];
  return (
    <Card title={t('profile.contacts.title', { defaultValue: 'Contacts' })} testId="contacts">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <ContactRow type="email" contact={contacts.find((c) => c.type === 'email')} profile={profile} />
        <ContactRow type="phone" contact={contacts.find((c) => c.type === 'phone')} profile={profile} />
      </div>
    </Card>
  );
}

function ContactRow({
  type,
  contact,
  profile,
}: {
  type: TType;
  contact: TContact | undefined;
  profile: TProfileInfo;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const phoneSettings = useQuery({ ...phoneSettingsQuery(), enabled: type === 'phone' });
  const countries = (phoneSettings.data ?? []) as TPhoneCountry[];
  const initialCountry = contact?.phone_country_code || profile.phone_country_code || profile.country_code;
  const [countryCode, setCountryCode] = useState(initialCountry);
  const country = countries.find((c) => c.country_code === countryCode);
  const stored = contact ? (type === 'phone' ? nationalPart(contact.value, country) : contact.value) : '';
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [codeStep, setCodeStep] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState('');
  // The operator's code length (spec §3 validator config `code`).
  const { codeLength } = useValidators();
  const [busy, setBusy] = useState<'save' | 'send' | 'confirm' | null>(null);

  const current = value ?? stored;
  const isDirty = value !== null && value !== stored;
  const label =
    type === 'email'
      ? t('profile.contacts.email', { defaultValue: 'Email' })
      : t('profile.contacts.phone', { defaultValue: 'Phone' });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.info }),
      queryClient.invalidateQueries({ queryKey: accountQueryKey }),
    ]);

  const validate = () => {
    const code =
      type === 'email' ? rules.email(current) : rules.phone(masksOf(country))(current.replace(/\D/g, ''));
    setError(code ? profileFieldMessage(t, code) : '');
    return code === null;
  };

  const sendCode = async () => {
    setBusy('send');
    try {
      await api.call(PROFILE_CALLS.sendConfirmation, { contact: type });
      rememberConfirmSent();
      setCodeStep(true);
      toast.success(t('profile.contacts.codeSent', { defaultValue: 'We have sent a confirmation code' }));
    } catch (caught) {
      console.warn('sendconfirmationtocontact failed', caught);
      toast.error(
        isApiError(caught, 'TooManyRequestsException')
          ? t('profile.contacts.wait', { defaultValue: 'Please wait a minute before asking for a new code' })
          : refusalMessage(t, caught),
      );
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (!validate()) return;
    setBusy('save');
    try {
      const params =
        type === 'email'
          ? { type, value: current.trim(), phone_country_code: '' }
          : { type, value: current.replace(/\D/g, ''), phone_country_code: countryCode };
      const data = await api.call(PROFILE_CALLS.addContact, params);
      if (data !== 1) throw new Error('contact not saved');
      setValue(null);
      await refresh();
      setBusy(null);
      await sendCode();
    } catch (caught) {
      // A failed save marks the field invalid (spec §5: wrongEmailAddress or wrongPhoneFormat).
      const fieldCode = isApiError(caught, 'InvalidParameterException')
        ? (caught.invalidParameters.value ?? Object.values(caught.invalidParameters)[0])
        : undefined;
      const shown =
        fieldCode === 'alreadyExists'
          ? fieldCode
          : type === 'email'
            ? 'wrongEmailAddress'
            : 'wrongPhoneFormat';
      if (!isApiError(caught, 'InvalidParameterException')) console.warn('addcontact failed', caught);
      // A refusal that is not about the value (too many tries, access) says so instead of "wrong e-mail".
      setError(
        isApiError(caught) && !isApiError(caught, 'InvalidParameterException')
          ? refusalMessage(t, caught)
          : profileFieldMessage(t, shown),
      );
    } finally {
      setBusy(null);
    }
  };

  const confirm = async () => {
    const failure = codeOfLength(codeLength)(code);
    if (failure) {
      setCodeError(t('profile.smsCodeError', { defaultValue: 'The confirmation code is wrong' }));
      return;
    }
    setBusy('confirm');
    try {
      const data = await api.call(PROFILE_CALLS.confirmContact, { contact: type, code: code.trim() });
      if (data !== 1) throw new Error('not confirmed');
      setCode('');
      setCodeError('');
      setCodeStep(false);
      toast.success(
        t('profile.contacts.confirmedToast', { defaultValue: 'Your contact has been confirmed' }),
      );
      await refresh();
    } catch {
      setCodeError(t('profile.smsCodeError', { defaultValue: 'The confirmation code is wrong' }));
    } finally {
      setBusy(null);
    }
  };

  const status = contact ? (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        contact.is_confirmed ? 'bg-emerald-500/15 text-emerald-400' : 'bg-amber-500/15 text-amber-400'
      }`}
      data-testid={`${type}-status`}
    >
      {contact.is_confirmed
        ? t('profile.contacts.confirmed', { defaultValue: 'Confirmed' })
        : t('profile.contacts.notConfirmed', { defaultValue: 'Not confirmed' })}
    </span>
  ) : null;

  return (
    <div className="flex flex-col gap-3" data-testid={`contact-${type}`}>
      {type === 'email' ? (
        <Input
          label={
            <span className="flex items-center gap-2">
              {label} {status}
            </span>
          }
          type="email"
          autoComplete="email"
          value={current}
          error={error}
          name="email"
          onValue={(v) => {
            setValue(v);
            setError('');
          }}
          onBlur={() => isDirty && validate()}
        />
      ) : (
        <div className="flex flex-col gap-1.5">
          <span className="flex items-center gap-2 text-sm font-medium text-[var(--text-muted)]">
            {label} {status}
          </span>
          <div className="grid grid-cols-[minmax(0,9rem)_minmax(0,1fr)] gap-2">
            <Select
              label={
                <span className="sr-only">
                  {t('profile.contacts.phoneCountry', { defaultValue: 'Country code' })}
                </span>
              }
              value={countryCode}
              emptyOption={countryCode ? undefined : '—'}
              options={countries.map((c) => ({
                value: c.country_code,
                label: `${c.country_code} +${c.phone_code}`,
              }))}
              onValue={(v) => {
                setCountryCode(v);
                setValue(current);
                setError('');
              }}
            />
            <div className="flex flex-col gap-1.5 self-end">
              <PhoneNumberInput
                aria-label={label}
                name="phone"
                className={`${INPUT_CLASS} ${error ? 'border-rose-500' : 'border-[var(--line,#2a3150)]'}`}
                value={current}
                country={country}
                countries={countries}
                onPhone={(change) => {
                  if (change.country && change.country !== country)
                    setCountryCode(change.country.country_code);
                  setValue(change.digits);
                  setError('');
                }}
                onBlur={() => isDirty && validate()}
              />
            </div>
          </div>
          {error && (
            <p className="text-sm text-rose-400" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {isDirty && (
          <Button loading={busy === 'save'} onClick={save} data-testid={`${type}-save`}>
            {t('common.buttons.save', { defaultValue: 'Save' })}
          </Button>
        )}
        {!isDirty && contact && !contact.is_confirmed && (
          <Button
            variant="ghost"
            loading={busy === 'send'}
            onClick={sendCode}
            data-testid={`${type}-send-code`}
          >
            {codeStep
              ? t('profile.contacts.resend', { defaultValue: 'Send again' })
              : t('profile.contacts.sendCode', { defaultValue: 'Send code' })}
          </Button>
        )}
      </div>
      {codeStep && contact && !contact.is_confirmed && (
        <div className="flex flex-col gap-2 rounded-xl bg-[var(--bg-elevated,#12162a)] p-3">
          <Input
            label={t('profile.contacts.codeLabel', { defaultValue: 'Confirmation code' })}
            value={code}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={codeLength}
            name={`${type}-code`}
            error={codeError}
            hint={
              type === 'email'
                ? t('profile.contacts.codeHintEmail', {
                    defaultValue: 'We sent a {length}-digit code to your e-mail.',
                    length: codeLength,
                  })
                : t('profile.contacts.codeHintPhone', {
                    defaultValue: 'We sent a {length}-digit code by SMS.',
                    length: codeLength,
                  })
            }
            onValue={(v) => {
              setCode(v.replace(/\D/g, ''));
              setCodeError('');
            }}
          />
          <Button loading={busy === 'confirm'} onClick={confirm} data-testid={`${type}-confirm`}>
            {t('profile.contacts.confirm', { defaultValue: 'Confirm' })}
          </Button>
        </div>
      )}
    </div>
  );
}
