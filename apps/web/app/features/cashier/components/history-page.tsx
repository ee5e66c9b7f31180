/**
 * `/cashier/history`: deposits and withdrawals, newest first, with tabs by type, a status filter and
 * pagination (offset/count); a pending withdrawal can be cancelled, and so can an open deposit, each after a
 * confirmation (a withdrawal's names the paused bonus that comes back with it); opening it marks deposits as seen.
 * Only a completed deposit is drawn as a credit.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api/client';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { useDialogs } from '../../../ui/dialogs';
import { toast } from '../../../ui/toasts';
import { LocaleLink } from '../../frame/locale-link';
import {
  cashierKeys,
  historyQuery,
  postCancelDeposit,
  postCancelWithdrawal,
  type THistoryFilter,
  type THistoryItem,
  withdrawSettingsQuery,
} from '../api/cashier-api';
import { useUnseenDeposits } from '../hooks/use-unseen-deposits';
import { cancelWithdrawalQuestion } from '../lib/cancel-withdrawal-question';
import { HISTORY_STATUSES } from '../lib/history-items';
import { cashierErrorMessage } from '../lib/messages';
import { CashierLayout, ErrorNotice, Skeleton } from './cashier-layout';
import { HistoryRow } from './history-row';
import { statusKey, statusLabel } from './status-badge';

export const HISTORY_PAGE_SIZE = 10;
const TYPES = [
  { value: '', key: 'cashier.history.all', label: 'All' },
  { value: 'deposit', key: 'cashier.history.deposits', label: 'Deposits' },
  { value: 'withdrawal', key: 'cashier.history.withdrawals', label: 'Withdrawals' },
] as const;

/** Reads the filter from the URL so that a page of history can be linked and survives a reload. */
export const filterOf = (search: URLSearchParams): THistoryFilter => {
  const type = search.get('type');
  const status = search.get('status') ?? '';
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return {
    type: type === 'deposit' || type === 'withdrawal' ? type : '',
    status: (HISTORY_STATUSES as readonly string[]).includes(status) ? status : '',
    offset: (page - 1) * HISTORY_PAGE_SIZE,
    count: HISTORY_PAGE_SIZE,
  };
};

export function HistoryPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const filter = filterOf(search);
  const page = filter.offset / HISTORY_PAGE_SIZE + 1;
  const history = useQuery(historyQuery(filter));
  // The bonus a withdrawal holds (ADR 049), for the cancel confirm: read once a pending withdrawal is listed.
  const hasPendingWithdrawal =
    history.data?.items.some((item) => item.type === 'withdrawal' && item.can_cancel) ?? false;
  const settings = useQuery({ ...withdrawSettingsQuery(), enabled: hasPendingWithdrawal });
  const unseen = useUnseenDeposits();
  const { markSeen, count } = unseen;
  useEffect(() => {
    if (count !== undefined) markSeen();
  }, [count, markSeen]);

  const dialogs = useDialogs();
  const showError = (error: unknown) =>
    toast.show({
      type: 'error',
      message: cashierErrorMessage(
        t,
        isApiError(error) ? error.type : '',
        isApiError(error) ? error.data : {},
      ),
    });
  const cancelDeposit = useMutation({
    mutationFn: postCancelDeposit,
    onSuccess: () =>
      toast.show({
        type: 'success',
        message: t('cashier.history.depositCancelled', { defaultValue: 'Payment cancelled.' }),
      }),
    onError: showError,
    onSettled: () => client.invalidateQueries({ queryKey: cashierKeys.all }),
  });
  const depositQuestion = (item: THistoryItem) => ({
    title: t('cashier.history.cancelDepositTitle', { defaultValue: 'Cancel this payment?' }),
    content: t('cashier.history.cancelDepositQuestion', {
      defaultValue:
        'Your {amount} payment will be stopped. If the money has already left your account, it will be sent back to you.',
      amount: formatAmount(item.amount, item.currency),
    }),
    agreeText: t('cashier.history.cancelDeposit', { defaultValue: 'Cancel payment' }),
    rejectText: t('cashier.history.cancelDepositKeep', { defaultValue: 'Keep payment' }),
  });
  const withdrawalQuestion = (item: THistoryItem) =>
    cancelWithdrawalQuestion(t, item, settings.data?.bonus_at_stake.held ?? 0);
  /** Asks before cancelling (the safe answer has the focus), then cancels the payment or the withdrawal. */
  const confirmCancel = async (item: THistoryItem) => {
    const { title, ...confirm } = item.type === 'deposit' ? depositQuestion(item) : withdrawalQuestion(item);
    const agreed = await dialogs.confirm({ size: 'small', title, confirm });
    if (!agreed) return;
    if (item.type === 'deposit') cancelDeposit.mutate(item.id);
    else cancel.mutate(item);
  };

  const cancel = useMutation({
    mutationFn: (item: THistoryItem) => postCancelWithdrawal(item.id),
    onSuccess: (data, item) =>
      toast.show({
        type: 'success',
        message:
          data.bonus_returned > 0
            ? t('cashier.withdraw.cancelledBonusBack', {
                defaultValue:
                  'The withdrawal has been cancelled: the money is back on your balance and your bonus ({bonus}) is back too.',
                bonus: formatAmount(data.bonus_returned, item.currency),
              })
            : t('cashier.withdraw.cancelled', {
                defaultValue: 'Withdrawal cancelled. The money is back on your balance.',
              }),
      }),
    onError: showError,
    onSettled: () => client.invalidateQueries({ queryKey: cashierKeys.all }),
  });

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setSearch(next, { preventScrollReset: true });
  };

  const total = history.data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  return (
    <CashierLayout title={t('cashier.history.title', { defaultValue: 'History' })} wide>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <div
          role="tablist"
          aria-label={t('cashier.history.type', { defaultValue: 'Type' })}
          className="cs-tabs w-full sm:w-auto sm:flex-1"
        >
          {TYPES.map((type) => (
            <button
              key={type.value}
              type="button"
              role="tab"
              className="cs-tab"
              aria-selected={filter.type === type.value}
              onClick={() => update({ type: type.value || null, page: null })}
            >
              {t(type.key, { defaultValue: type.label })}
            </button>
          ))}
        </div>
        <label className="select-pill">
          <span className="sr-only">{t('cashier.history.status', { defaultValue: 'Status' })}</span>
          <select
            value={filter.status}
            onChange={(event) => update({ status: event.target.value || null, page: null })}
            data-testid="history-status"
          >
            <option value="">{t('cashier.history.anyStatus', { defaultValue: 'Any status' })}</option>
            {HISTORY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(statusKey(status), { defaultValue: statusLabel(status) })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {history.isError && (
        <ErrorNotice>
          {t('cashier.errors.history', { defaultValue: 'The history could not be loaded.' })}
        </ErrorNotice>
      )}
      {history.isPending ? (
        <div className="cs-history">
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} className="h-16" />
          ))}
        </div>
      ) : history.data && history.data.items.length === 0 ? (
        <div className="empty-state py-12" role="status">
          <p>{t('cashier.history.empty', { defaultValue: 'No transactions yet.' })}</p>
          <LocaleLink to={paths.cashier.deposit} className="btn btn-primary mt-2">
            {t('cashier.tabs.deposit', { defaultValue: 'Deposit' })}
          </LocaleLink>
        </div>
      ) : (
        <ul className="cs-history" data-testid="history-list" aria-busy={history.isFetching}>
          {history.data?.items.map((item) => (
            <HistoryRow
              key={item.id}
              item={item}
              cancelling={cancel.isPending || cancelDeposit.isPending}
              onCancel={() => void confirmCancel(item)}
            />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav
          className="mt-5 flex items-center justify-center gap-3"
          aria-label={t('common.pagination', { defaultValue: 'Pages' })}
        >
          <button
            type="button"
            className="btn btn-ghost btn-compact"
            disabled={page <= 1}
            onClick={() => update({ page: page > 2 ? String(page - 1) : null })}
          >
            {t('common.previous', { defaultValue: 'Previous' })}
          </button>
          <span className="cs-muted text-sm tabular-nums">
            {page} / {pages}
          </span>
          <button
            type="button"
            className="btn btn-ghost btn-compact"
            disabled={page >= pages}
            onClick={() => update({ page: String(page + 1) })}
            data-testid="history-next"
          >
            {t('common.next', { defaultValue: 'Next' })}
          </button>
        </nav>
      )}
    </CashierLayout>
  );
}
