/** The player's withdrawals still waiting for approval, each with a cancel button (cancelwithdrawal). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api/client';
import { toast } from '../../../ui/toasts';
import { cashierKeys, historyQuery, postCancelWithdrawal } from '../api/cashier-api';
import { money } from '../lib/amount';
import { formatDateTime } from '../lib/dates';
import { cashierErrorMessage } from '../lib/messages';
import { methodName } from '../lib/requisites';

export const PENDING_FILTER = { type: 'withdrawal', status: 'pending', offset: 0, count: 20 } as const;

export function PendingWithdrawals() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const pending = useQuery(historyQuery({ ...PENDING_FILTER }));
  const cancel = useMutation({
    mutationFn: postCancelWithdrawal,
    onSuccess: () => {
      toast.show({
        type: 'success',
        message: t('cashier.withdraw.cancelled', {
          defaultValue: 'Withdrawal cancelled. The money is back on your balance.',
        }),
      });
    },
    onError: (error) =>
      toast.show({
        type: 'error',
        message: cashierErrorMessage(
          t,
          isApiError(error) ? error.type : '',
          isApiError(error) ? error.data : {},
        ),
      }),
    onSettled: () => client.invalidateQueries({ queryKey: cashierKeys.all }),
  });
  const items = pending.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      className="card cs-panel mt-4"
      aria-labelledby="pending-withdrawals"
      data-testid="pending-withdrawals"
    >
      <h2 id="pending-withdrawals" className="mb-3 text-lg font-bold text-[var(--text-strong)]">
        {t('cashier.withdraw.pendingList', { defaultValue: 'Waiting for approval' })}
      </h2>
      <ul className="cs-history">
        {items.map((item) => (
          <li key={item.id} className="cs-history-item">
            <span className="min-w-0">
              <span className="block font-bold tabular-nums text-[var(--text-strong)]">
                {money(item.amount, item.currency)}
              </span>
              <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="cs-badge cs-badge-pending">
                  {t('cashier.history.statusPending', { defaultValue: 'Pending' })}
                </span>
                <span className="cs-muted truncate text-xs">
                  {formatDateTime(item.created_at)} ·{' '}
                  {Object.values(item.requisites).join(' · ') || methodName(item.method)}
                </span>
              </span>
            </span>
            {item.can_cancel && (
              <button
                type="button"
                className="btn btn-ghost btn-compact"
                disabled={cancel.isPending}
                onClick={() => cancel.mutate(item.id)}
                data-testid="cancel-withdrawal"
              >
                {t('cashier.history.cancel', { defaultValue: 'Cancel' })}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
