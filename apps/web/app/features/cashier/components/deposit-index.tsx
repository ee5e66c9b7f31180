/** `/cashier/deposit`: the method grid (our own logos, min and max per method) and the deposit limit. */
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { useValidators } from '../../frame/use-site';
import { depositSettingsQuery } from '../api/cashier-api';
import { withSiteAmount } from '../lib/amount';
import { CashierLayout, ErrorNotice, Skeleton } from './cashier-layout';
import { DepositLimitNote } from './deposit-limit-note';
import { MethodLogo } from './method-logo';

export function DepositIndex() {
  const { t } = useTranslation();
  const settings = useQuery(depositSettingsQuery());
  const data = settings.data;
  const { amount: siteBounds } = useValidators();
  return (
    <CashierLayout title={t('cashier.deposit.title', { defaultValue: 'Deposit' })}>
      <div className="card cs-panel flex flex-col gap-5">
        <div>
          <h2 className="text-lg font-bold text-[var(--text-strong)]">
            {t('cashier.deposit.chooseMethod', { defaultValue: 'Choose a payment method' })}
          </h2>
          <p className="cs-muted text-sm">
            {t('cashier.deposit.instant', {
              defaultValue: 'Deposits are credited as soon as the payment is confirmed.',
            })}
          </p>
        </div>
        {settings.isError && (
          <ErrorNotice>
            {t('cashier.errors.load', { defaultValue: 'The payment methods could not be loaded.' })}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
              {t('common.retry', { defaultValue: 'Try again' })}
            </button>
          </ErrorNotice>
        )}
        {data ? (
          <ul
            className="cs-method-grid"
            aria-label={t('cashier.deposit.methods', { defaultValue: 'Payment methods' })}
          >
            {data.methods
              .map((answered) => withSiteAmount(answered, siteBounds))
              .map((method) => (
                <li key={method.id}>
                  <LocaleLink
                    to={paths.cashier.depositMethod(method.sysname)}
                    className="cs-method h-full"
                    data-testid={`method-${method.sysname}`}
                  >
                    <MethodLogo type={method.type} />
                    <span className="cs-method-text">
                      <span className="font-bold text-[var(--text-strong)]">{method.name}</span>
                      <span className="cs-muted text-xs tabular-nums">
                        {formatAmount(method.min_amount, data.currency)} –{' '}
                        {formatAmount(method.max_amount, data.currency)}
                      </span>
                    </span>
                  </LocaleLink>
                </li>
              ))}
          </ul>
        ) : (
          !settings.isError && (
            <div className="cs-method-grid">
              {[1, 2, 3].map((n) => (
                <Skeleton key={n} className="h-32" />
              ))}
            </div>
          )
        )}
        {data && <DepositLimitNote limit={data.deposit_limit} currency={data.currency} />}
      </div>
    </CashierLayout>
  );
}
