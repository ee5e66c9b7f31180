/** `/cashier/wallet`: every balance (main, bonus, betting bonus, fun) and the total, live from the socket. */
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { formatTotalBalance } from '../../account/balance';
import { useAccount } from '../../account/use-account';
import { BALANCE_CALLS } from '../../balance/balance-api';
import { balanceQueryKey } from '../../balance/balance-cache';
import { LocaleLink } from '../../frame/locale-link';
import { CashierLayout, Skeleton } from './cashier-layout';

export function WalletPage() {
  const { t } = useTranslation();
  const account = useAccount();
  const query = useQuery({
    queryKey: balanceQueryKey,
    queryFn: () => api.call(BALANCE_CALLS.balance),
    staleTime: 10_000,
  });
  // The account info is rewritten by every balance_updated; it is the freshest source once loaded.
  const source = account ?? query.data;
  const tiles = source
    ? [
        {
          key: 'main',
          label: t('cashier.wallet.main', { defaultValue: 'Main balance' }),
          value: source.balance,
          hint: t('cashier.wallet.mainHint', { defaultValue: 'Real money you can play with or withdraw' }),
        },
        {
          key: 'bonus',
          label: t('cashier.wallet.bonus', { defaultValue: 'Casino bonus' }),
          value: source.bonus_balance,
          hint: t('cashier.wallet.bonusHint', { defaultValue: 'Wager to turn it into real money' }),
        },
        {
          key: 'betting',
          label: t('cashier.wallet.bettingBonus', { defaultValue: 'Betting bonus' }),
          value: source.betting_bonus_balance,
          hint: t('cashier.wallet.bettingHint', { defaultValue: 'For sports bets only' }),
        },
        {
          key: 'fun',
          label: t('cashier.wallet.fun', { defaultValue: 'Fun money' }),
          value: source.fun_balance,
          hint: t('cashier.wallet.funHint', { defaultValue: 'Demo play, not real money' }),
        },
      ]
    : [];
  return (
    <CashierLayout title={t('cashier.wallet.title', { defaultValue: 'Wallet' })} wide>
      {source ? (
        <>
          <div className="cs-tile cs-total mb-3 p-5 md:p-6">
            <span className="cs-label">{t('cashier.wallet.total', { defaultValue: 'Total balance' })}</span>
            <span
              className="text-3xl font-black tabular-nums text-[var(--text-strong)] md:text-4xl"
              data-testid="wallet-total"
            >
              {formatTotalBalance(source)}
            </span>
            <span className="cs-muted text-sm">
              {t('cashier.wallet.totalHint', { defaultValue: 'Main + casino bonus + betting bonus' })}
            </span>
            <div className="mt-3 flex flex-wrap gap-2">
              <LocaleLink to={paths.cashier.deposit} className="btn btn-primary">
                {t('cashier.tabs.deposit', { defaultValue: 'Deposit' })}
              </LocaleLink>
              <LocaleLink to={paths.cashier.withdraw} className="btn btn-ghost">
                {t('cashier.tabs.withdraw', { defaultValue: 'Withdraw' })}
              </LocaleLink>
            </div>
          </div>
          <div className="cs-balance-grid">
            {tiles.map((tile) => (
              <div key={tile.key} className="cs-tile" data-testid={`wallet-${tile.key}`}>
                <span className="cs-label">{tile.label}</span>
                <span className="cs-tile-amount">{formatAmount(tile.value.amount, tile.value.currency)}</span>
                <span className="cs-muted text-xs">{tile.hint}</span>
              </div>
            ))}
          </div>
        </>
      ) : (
        <div className="flex flex-col gap-3">
          <Skeleton className="h-36" />
          <div className="cs-balance-grid">
            {[1, 2, 3, 4].map((n) => (
              <Skeleton key={n} className="h-24" />
            ))}
          </div>
        </div>
      )}
    </CashierLayout>
  );
}
