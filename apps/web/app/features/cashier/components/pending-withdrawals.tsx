/**
 * The player's withdrawals still waiting for approval, each with a cancel button (cancelwithdrawal, after a
 * confirmation), and the bonus they hold: paused while they wait, lost if one is paid, back when they are
 * cancelled or declined.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../../lib/api/client';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { useDialogs } from '../../../ui/dialogs';
import { toast } from '../../../ui/toasts';
import { cashierKeys, historyQuery, postCancelWithdrawal, withdrawSettingsQuery } from '../api/cashier-api';
import { cancelWithdrawalQuestion } from '../lib/cancel-withdrawal-question';
import { cashierErrorMessage } from '../lib/messages';
import { methodName } from '../lib/requisites';

export const PENDING_FILTER = { type: 'withdrawal', status: 'pending', offset: 0, count: 20 } as const;

export function PendingWithdrawals() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const pending = useQuery(historyQuery({ ...PENDING_FILTER }));
  const settings = useQuery(withdrawSettingsQuery());
  const currency = settings.data?.currency ?? 'USD';
  const held = settings.data?.bonus_at_stake.held ?? 0;
  const cancel = useMutation({
    mutationFn: postCancelWithdrawal,
    onSuccess: (data) => {
      toast.show({
        type: 'success',
        message:
          data.bonus_returned > 0
            ? t('cashier.withdraw.cancelledBonusBack', {
                defaultValue:
                  'The withdrawal has been cancelled: the money is back on your balance and your bonus ({bonus}) is back too.',
                bonus: formatAmount(data.bonus_returned, currency),
              })
            : t('cashier.withdraw.cancelled', {
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
  const dialogs = useDialogs();
  /** Asks first (the safe answer has the focus): a cancel moves money, so it never happens in one click. */
  const confirmCancel = async (item: { id: string; amount: number; currency: string }) => {
    const { title, ...confirm } = cancelWithdrawalQuestion(t, item, held);
    if (await dialogs.confirm({ size: 'small', title, confirm })) cancel.mutate(item.id);
  };
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
      {held > 0 && (
        <p className="cs-muted mb-3 text-sm" data-testid="pending-bonus-note">
          {t('cashier.withdraw.pendingHoldsBonus', {
            defaultValue:
              'Your bonus ({amount}) is paused while these wait. It is lost if one of them is paid; if they are all cancelled or declined, it comes back, unless it has expired by then.',
            amount: formatAmount(held, currency),
          })}
        </p>
      )}
      <ul className="cs-history">
        {items.map((item) => (
          <li key={item.id} className="cs-history-item">
            <span className="min-w-0">
              <span className="block font-bold tabular-nums text-[var(--text-strong)]">
                {formatAmount(item.amount, item.currency)}
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
                onClick={() => void confirmCancel(item)}
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
