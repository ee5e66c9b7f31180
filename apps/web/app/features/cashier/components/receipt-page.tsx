/** `/cashier/receipt?transaction=…`: one transaction's details, printable. Without an id, the newest one. */
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { historyQuery } from '../api/cashier-api';
import { useTransaction } from '../hooks/use-transaction';
import { methodName, requisiteLabel } from '../lib/requisites';
import { CashierLayout, Skeleton } from './cashier-layout';
import { RefundReason } from './history-row';
import { StatusBadge, shownStatus } from './status-badge';

export function ReceiptPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = search.get('transaction');
  const byId = useTransaction(id);
  const latest = useQuery({ ...historyQuery({ type: '', status: '', offset: 0, count: 1 }), enabled: !id });
  const item = id ? byId.data : latest.data?.items[0];
  const loading = id ? byId.isPending : latest.isPending;
  return (
    <CashierLayout title={t('cashier.receipt.title', { defaultValue: 'Receipt' })}>
      {loading ? (
        <Skeleton className="h-80" />
      ) : !item ? (
        <div className="empty-state py-12" role="status">
          <p>{t('cashier.receipt.notFound', { defaultValue: 'No transaction to show.' })}</p>
          <LocaleLink to={paths.cashier.history} className="btn btn-ghost mt-2">
            {t('cashier.tabs.history', { defaultValue: 'History' })}
          </LocaleLink>
        </div>
      ) : (
        <article className="card cs-panel" data-testid="receipt">
          <div className="mb-4 flex flex-col items-center gap-2 text-center">
            <StatusBadge status={shownStatus(item)} />
            <p className="text-3xl font-black tabular-nums text-[var(--text-strong)]">
              {formatAmount(item.amount, item.currency)}
            </p>
            <p className="cs-muted text-sm">
              {item.type === 'deposit'
                ? t('cashier.history.typeDeposit', { defaultValue: 'Deposit' })
                : t('cashier.history.typeWithdrawal', { defaultValue: 'Withdrawal' })}
            </p>
            <RefundReason
              reason={item.reason}
              note={item.decline_reason ?? null}
              className="cs-muted text-sm"
            />
          </div>
          <dl>
            <div className="cs-row">
              <dt>{t('cashier.receipt.id', { defaultValue: 'Transaction' })}</dt>
              <dd className="font-mono text-xs">{item.id}</dd>
            </div>
            <div className="cs-row">
              <dt>{t('cashier.receipt.method', { defaultValue: 'Method' })}</dt>
              <dd>{t(`cashier.method.${item.method}`, { defaultValue: methodName(item.method) })}</dd>
            </div>
            {Object.entries(item.requisites).map(([key, value]) => (
              <div key={key} className="cs-row">
                <dt>{t(`cashier.requisite.${key}`, { defaultValue: requisiteLabel(key) })}</dt>
                <dd>{value}</dd>
              </div>
            ))}
            <div className="cs-row">
              <dt>{t('cashier.receipt.created', { defaultValue: 'Created' })}</dt>
              <dd>{formatDateTime(item.created_at)}</dd>
            </div>
            <div className="cs-row">
              <dt>{t('cashier.receipt.updated', { defaultValue: 'Updated' })}</dt>
              <dd>{formatDateTime(item.updated_at)}</dd>
            </div>
          </dl>
          <div className="cs-no-print mt-5 flex flex-wrap justify-center gap-2">
            <button type="button" className="btn btn-ghost" onClick={() => window.print()}>
              {t('cashier.receipt.print', { defaultValue: 'Print' })}
            </button>
            <LocaleLink to={paths.cashier.history} className="btn btn-ghost">
              {t('cashier.tabs.history', { defaultValue: 'History' })}
            </LocaleLink>
          </div>
        </article>
      )}
    </CashierLayout>
  );
}
