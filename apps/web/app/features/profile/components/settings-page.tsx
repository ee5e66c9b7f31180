/**
 * /profile/settings: personal data, contacts, nickname and language. Reached from the fill-profile prompt with
 * `from` (where to return after a save) and `toastType` (spec §2, §3 Toast types): the toast shows on arrival.
 */

import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n-lite';
import { TOAST_TYPES, type TToastType, toast } from '../../../ui/toasts';
import { profileInfoQuery } from '../api/profile-api';
import { AccountNames } from './account-names';
import { ContactsSection } from './contacts-section';
import { Notice } from './controls';
import { PersonalDataForm } from './personal-data-form';

const TOAST_TEXT: Partial<Record<TToastType, [key: string, fallback: string]>> = {
  profile: ['toasts.profile', 'Fill in your profile to continue'],
  fill_for_deposit: ['toasts.fill_for_deposit', 'Fill in your profile to make a deposit'],
  confirm: ['toasts.confirm', 'Confirm your contact to continue'],
  register: ['toasts.register', 'Welcome! Complete your profile to get started'],
};

export function SettingsPage() {
  const { t } = useTranslation();
  const profile = useQuery(profileInfoQuery());
  const [search] = useSearchParams();
  const toastType = search.get('toastType');

  useEffect(() => {
    if (!toastType || !(TOAST_TYPES as readonly string[]).includes(toastType)) return;
    const type = toastType as TToastType;
    const text = TOAST_TEXT[type] ?? TOAST_TEXT.profile;
    if (text) toast.show({ id: `profile-${type}`, type, message: t(text[0], { defaultValue: text[1] }) });
  }, [toastType, t]);

  if (profile.isPending) return <SettingsSkeleton />;
  if (profile.isError)
    return (
      <Notice tone="error">
        {t('common.errors.generic', { defaultValue: 'Something went wrong. Please try again.' })}
      </Notice>
    );
  return (
    <>
      <PersonalDataForm profile={profile.data} returnTo={safeReturn(search.get('from'))} />
      <ContactsSection profile={profile.data} />
      <AccountNames fakename={profile.data.fakename} />
    </>
  );
}

/** Only a path of this site: never an external URL from the query. */
const safeReturn = (from: string | null) => (from && /^\/(?!\/)/.test(from) ? from : undefined);

function SettingsSkeleton() {
  return (
    <div className="flex flex-col gap-5" aria-busy="true">
      {[0, 1].map((i) => (
        <div key={i} className="h-64 animate-pulse rounded-2xl bg-[var(--surface)]" />
      ))}
    </div>
  );
}
