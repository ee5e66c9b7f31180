/** The cashier's frame: the title and the tabs (deposit, withdraw, wallet, history) above each screen. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleNavLink } from '../../frame/locale-link';
import { useUnseenDeposits } from '../hooks/use-unseen-deposits';
import { rememberPayBackUrl } from '../lib/pay-flow';

const TABS = [
  { to: paths.cashier.deposit, key: 'cashier.tabs.deposit', label: 'Deposit', end: false },
  { to: paths.cashier.withdraw, key: 'cashier.tabs.withdraw', label: 'Withdraw', end: true },
  { to: paths.cashier.wallet, key: 'cashier.tabs.wallet', label: 'Wallet', end: true },
  { to: paths.cashier.history, key: 'cashier.tabs.history', label: 'History', end: true },
] as const;

export function CashierLayout({
  title,
  children,
  wide = false,
}: {
  title: string;
  children: React.ReactNode;
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const unseen = useUnseenDeposits();
  const { search } = useLocation();
  useEffect(() => {
    rememberPayBackUrl(localStorage, search, window.location.origin);
  }, [search]);
  return (
    <section className={`mx-auto w-full py-6 md:py-10 ${wide ? 'max-w-5xl' : 'max-w-3xl'}`}>
      <h1 className="mb-4 text-2xl font-bold text-[var(--text-strong)] md:text-3xl">{title}</h1>
      <nav aria-label={t('cashier.title', { defaultValue: 'Cashier' })} className="cs-tabs mb-5">
        {TABS.map((tab) => (
          <LocaleNavLink key={tab.to} to={tab.to} end={tab.end} className="cs-tab">
            {t(tab.key, { defaultValue: tab.label })}
            {tab.to === paths.cashier.history && unseen.hasUnseen && (
              <span
                className="cs-dot"
                role="img"
                aria-label={t('cashier.history.newDeposits', { defaultValue: 'New deposits' })}
              />
            )}
          </LocaleNavLink>
        ))}
      </nav>
      {children}
    </section>
  );
}

export function Skeleton({ className }: { className: string }) {
  return <div aria-hidden="true" className={`cs-skeleton ${className}`} />;
}

export function ErrorNotice({ children }: { children: React.ReactNode }) {
  return (
    <div role="alert" className="cs-notice cs-notice-error">
      {children}
    </div>
  );
}
