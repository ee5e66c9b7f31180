/** The player's deposit limit on the deposit screens, with a link to the profile page that edits it. */
import { paths } from '../../../config/paths';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import type { TDepositSettings } from '../api/cashier-api';

export function DepositLimitNote({
  limit,
  currency,
}: {
  limit: TDepositSettings['deposit_limit'];
  currency: string;
}) {
  const { t } = useTranslation();
  if (limit.period === 'none' || limit.limit_amount === null)
    return (
      <p className="cs-muted text-sm">
        {t('cashier.depositLimit.none', { defaultValue: 'Want to keep your spending in check?' })}{' '}
        <LocaleLink
          to={paths.profile.responsibleGame}
          className="font-semibold text-[var(--accent)] underline-offset-2 hover:underline"
        >
          {t('cashier.depositLimit.set', { defaultValue: 'Set a deposit limit' })}
        </LocaleLink>
      </p>
    );
  return (
    <div className="cs-notice" data-testid="deposit-limit">
      <div className="flex-1">
        <p className="font-semibold text-[var(--text-strong)]">
          {t('cashier.depositLimit.title', {
            defaultValue: 'Deposit limit: {amount} per {days} days',
            amount: formatAmount(limit.limit_amount, currency),
            days: limit.period,
          })}
        </p>
        {limit.available_amount !== null && (
          <p className="cs-muted">
            {t('cashier.depositLimit.available', {
              defaultValue: 'You can deposit up to {amount} now.',
              amount: formatAmount(limit.available_amount, currency),
            })}
          </p>
        )}
      </div>
      <LocaleLink to={paths.profile.responsibleGame} className="btn btn-ghost btn-compact shrink-0">
        {t('cashier.depositLimit.change', { defaultValue: 'Change' })}
      </LocaleLink>
    </div>
  );
}
