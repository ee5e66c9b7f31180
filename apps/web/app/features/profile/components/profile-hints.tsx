/** The registration and confirmation hints (spec §4, §9): a line above the profile pages. */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAccount } from '../../account/use-account';
import { LocaleLink } from '../../frame/locale-link';
import { depositCountQuery, profileInfoQuery } from '../api/profile-api';
import { CONFIRM_SENT_KEY, loginContact, showConfirmationHint, showRegistrationHint } from '../lib/hints';

const readConfirmSent = () => {
  try {
    return window.localStorage.getItem(CONFIRM_SENT_KEY) === '1';
  } catch {
    return false;
  }
};

export function ProfileHints() {
  const { t } = useTranslation();
  const account = useAccount();
  const profile = useQuery({ ...profileInfoQuery(), enabled: account !== null });
  const deposits = useQuery({ ...depositCountQuery(), enabled: account !== null });
  // Time and local storage are read after hydration, so the server and the browser render the same HTML.
  const [now, setNow] = useState<number | null>(null);
  const [confirmSent, setConfirmSent] = useState(true);
  useEffect(() => {
    setNow(Math.floor(Date.now() / 1000));
    setConfirmSent(readConfirmSent());
  }, []);
  if (!account || now === null) return null;
  const contact = loginContact(account.login, profile.data?.contacts ?? []);
  const registration = showRegistrationHint({ regTime: account.reg_time, now, depositCount: deposits.data });
  const confirmation =
    profile.data !== undefined &&
    showConfirmationHint({
      regTime: account.reg_time,
      now,
      contact,
      confirmSent: confirmSent || profile.data.confirm_sent,
    });
  if (!registration && !confirmation) return null;
  return (
    <div className="flex flex-col gap-2" data-testid="profile-hints">
      {registration && (
        <p className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-[var(--accent)]/40 bg-[var(--accent)]/10 px-4 py-3 text-sm text-[var(--text-strong)]">
          <span>
            {t('profile.hints.registration', {
              defaultValue: 'Make your first deposit and get your welcome bonus!',
            })}
          </span>
          <LocaleLink to={paths.cashier.deposit} className="btn btn-primary btn-compact">
            {t('header.deposit', { defaultValue: 'Deposit' })}
          </LocaleLink>
        </p>
      )}
      {confirmation && contact && (
        <p
          className="rounded-xl border border-sky-500/40 bg-sky-500/10 px-4 py-3 text-sm text-[var(--text-strong)]"
          data-testid="confirmation-hint"
        >
          {t('profile.hints.confirmation', {
            contact:
              contact.type === 'email'
                ? t('profile.hints.email', { defaultValue: 'e-mail' })
                : t('profile.hints.phone', { defaultValue: 'phone number' }),
            defaultValue: 'Confirm your {contact} to keep your account safe',
          })}
        </p>
      )}
    </div>
  );
}
