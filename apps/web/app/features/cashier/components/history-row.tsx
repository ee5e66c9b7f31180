/** One transaction of the history: its status, amount (signed only when money moved), receipt link and cancel. */
import { paths } from '../../../config/paths';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import type { THistoryItem } from '../api/cashier-api';
import { amountSign, REFUND_REASONS } from '../lib/history-items';
import { methodName } from '../lib/requisites';
import { StatusBadge, shownStatus } from './status-badge';

export function HistoryRow({
  item,
  cancelling,
  onCancel,
}: {
  item: THistoryItem;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const sign = amountSign(item.type, item.status);
  const amount = formatAmount(item.amount, item.currency);
  return (
    <li className="cs-history-item" data-testid="history-item" data-status={item.status}>
      <span className="min-w-0">
        <span className="block font-bold text-[var(--text-strong)]">
          {item.type === 'deposit'
            ? t('cashier.history.typeDeposit', { defaultValue: 'Deposit' })
            : t('cashier.history.typeWithdrawal', { defaultValue: 'Withdrawal' })}
          <span className="cs-muted font-medium">
            {' '}
            · {t(`cashier.method.${item.method}`, { defaultValue: methodName(item.method) })}
          </span>
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
          <StatusBadge status={shownStatus(item)} />
          <span className="cs-muted text-xs">{formatDateTime(item.created_at)}</span>
        </span>
        <RefundReason
          reason={item.reason}
          note={item.decline_reason ?? null}
          className="cs-muted mt-1 block text-xs"
        />
      </span>
      <span className="flex flex-col items-end gap-1">
        <span
          className={`font-bold tabular-nums ${sign === '+' ? 'text-[var(--brand-2)]' : sign ? 'text-[var(--text-strong)]' : 'cs-muted'}`}
          data-testid="history-amount"
        >
          {sign}
          {amount}
        </span>
        <span className="flex flex-col items-end gap-1 text-xs font-semibold sm:flex-row sm:gap-3">
          <LocaleLink
            to={`${paths.cashier.receipt}?transaction=${encodeURIComponent(item.id)}`}
            className="text-[var(--accent)]"
          >
            {t('cashier.history.receipt', { defaultValue: 'Receipt' })}
          </LocaleLink>
          {item.can_cancel && (
            <button
              type="button"
              className="text-[var(--text-muted)] underline"
              disabled={cancelling}
              onClick={onCancel}
              aria-label={
                item.type === 'deposit'
                  ? t('cashier.history.cancelDepositLabel', {
                      defaultValue: 'Cancel payment of {amount}',
                      amount,
                    })
                  : t('cashier.history.cancelWithdrawalLabel', {
                      defaultValue: 'Cancel withdrawal of {amount}',
                      amount,
                    })
              }
              data-testid={item.type === 'deposit' ? 'cancel-deposit' : undefined}
            >
              {item.type === 'deposit'
                ? t('cashier.history.cancelDeposit', { defaultValue: 'Cancel payment' })
                : t('cashier.history.cancel', { defaultValue: 'Cancel' })}
            </button>
          )}
        </span>
      </span>
    </li>
  );
}

/** Why a refunded deposit was not credited, or that a withdrawal was declined and refunded; nothing otherwise. */
export function RefundReason({
  reason,
  note = null,
  className,
}: {
  reason: string | null;
  /** A declined withdrawal's reason in the operator's words. */
  note?: string | null;
  className: string;
}) {
  const { t } = useTranslation();
  const message = reason ? REFUND_REASONS[reason] : undefined;
  if (!message) return null;
  return (
    <span className={className} data-testid="refund-reason">
      {t(message[0], { defaultValue: message[1] })}
      {note && (
        <span className="block" data-testid="decline-reason">
          {t('cashier.history.declineReason', { defaultValue: 'Reason: {reason}', reason: note })}
        </span>
      )}
    </span>
  );
}
