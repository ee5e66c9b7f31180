/** /profile/notification: the mailing subscription of each contact (changeSubscription '1' / '0'). */
import type { TContact } from '@casino/contracts/calls/account';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { refusalMessage } from '../../../lib/api/refusal';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { LocaleLink } from '../../frame/locale-link';
import { PROFILE_CALLS, profileInfoQuery, profileKeys } from '../api/profile-api';
import { Card, Notice } from './controls';

export function NotificationPage() {
  const { t } = useTranslation();
  const profile = useQuery(profileInfoQuery());
  const contacts = profile.data?.contacts ?? [];
  return (
    <Card
      title={t('profile.notification.title', { defaultValue: 'Notifications' })}
      description={t('profile.notification.description', {
        defaultValue:
          'Choose where we may send you news, offers and bonuses. Account and security messages always arrive.',
      })}
      testId="notifications"
    >
      {profile.isPending ? (
        <div className="h-24 animate-pulse rounded-xl bg-white/5" />
      ) : contacts.length === 0 ? (
        <Notice>
          {t('profile.notification.noContacts', {
            defaultValue: 'Add an e-mail or phone in your settings first.',
          })}{' '}
          <LocaleLink to={paths.profile.settings} className="underline">
            {t('profile.tabs.settings', { defaultValue: 'Settings' })}
          </LocaleLink>
        </Notice>
      ) : (
        <ul className="flex flex-col divide-y divide-[var(--line,#2a3150)]">
          {contacts.map((contact) => (
            <SubscriptionRow key={contact.type} contact={contact} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function SubscriptionRow({ contact }: { contact: TContact }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [on, setOn] = useState(contact.is_subscribed);
  const toggle = async () => {
    const next = !on;
    setOn(next);
    setBusy(true);
    try {
      const data = await api.call(PROFILE_CALLS.changeSubscription, {
        contact: contact.type,
        subscription: next ? '1' : '0',
      });
      if (data !== 1) throw new Error('not saved');
      await queryClient.invalidateQueries({ queryKey: profileKeys.info });
    } catch (caught) {
      // Spec §4: a failed subscription save is logged; the switch goes back.
      console.warn('changeSubscription failed', caught);
      setOn(!next);
      toast.error(refusalMessage(t, caught));
    } finally {
      setBusy(false);
    }
  };
  const label =
    contact.type === 'email'
      ? t('profile.notification.byEmail', { defaultValue: 'News and offers by e-mail' })
      : t('profile.notification.bySms', { defaultValue: 'News and offers by SMS' });
  return (
    <li className="flex items-center justify-between gap-4 py-4">
      <div className="min-w-0">
        <p className="font-semibold text-[var(--text-strong)]">{label}</p>
        <p className="truncate text-sm text-[var(--text-muted)]">
          {contact.type === 'phone' ? `+${contact.value}` : contact.value}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={label}
        disabled={busy}
        onClick={toggle}
        data-testid={`subscription-${contact.type}`}
        className={`relative h-7 w-12 shrink-0 rounded-full transition ${on ? 'bg-[var(--accent)]' : 'bg-[var(--line)]'}`}
      >
        <span
          className={`absolute top-1 size-5 rounded-full bg-white shadow transition-all ${on ? 'start-6' : 'start-1'}`}
        />
      </button>
    </li>
  );
}
