/**
 * `/cashier/history`: deposits and withdrawals, newest first, with tabs by type, a status filter and
 * pagination (offset/count); a pending withdrawal can be cancelled; opening it marks deposits as seen.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api/client';
import { toast } from '../../../ui/toasts';
import { LocaleLink } from '../../frame/locale-link';
import { cashierKeys, historyQuery, postCancelWithdrawal, type THistoryFilter } from '../api/cashier-api';
import { useUnseenDeposits } from '../hooks/use-unseen-deposits';
import { money } from '../lib/amount';
import { formatDateTime } from '../lib/dates';
import { cashierErrorMessage } from '../lib/messages';
import { methodName } from '../lib/requisites';
import { CashierLayout, ErrorNotice, Skeleton } from './cashier-layout';
import { StatusBadge, statusKey, statusLabel } from './status-badge';

export const HISTORY_PAGE_SIZE = 10;
/** The statuses of cashier.gethistory (contracts' CASHIER_STATUSES; kept here so no zod reaches the page). */
const CASHIER_STATUSES = ['new', 'pending', 'success', 'failed', 'cancelled'] as const;
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
    status: (CASHIER_STATUSES as readonly string[]).includes(status) ? status : '',
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
  const unseen = useUnseenDeposits();
  const { markSeen, count } = unseen;
  useEffect(() => {
    if (count !== undefined) markSeen();
  }, [count, markSeen]);

  const cancel = useMutation({
    mutationFn: postCancelWithdrawal,
    onSuccess: () =>
      toast.show({
        type: 'success',
        message: t('cashier.withdraw.cancelled', {
          defaultValue: 'Withdrawal cancelled. The money is back on your balance.',
        }),
      }),
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
            {CASHIER_STATUSES.map((status) => (
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
            <li key={item.id} className="cs-history-item" data-testid="history-item">
              <span className="min-w-0">
                <span className="block truncate font-bold text-[var(--text-strong)]">
                  {item.type === 'deposit'
                    ? t('cashier.history.typeDeposit', { defaultValue: 'Deposit' })
                    : t('cashier.history.typeWithdrawal', { defaultValue: 'Withdrawal' })}
                  <span className="cs-muted font-medium">
                    {' '}
                    · {t(`cashier.method.${item.method}`, { defaultValue: methodName(item.method) })}
                  </span>
                </span>
                <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
                  <StatusBadge status={item.status} />
                  <span className="cs-muted text-xs">{formatDateTime(item.created_at)}</span>
                </span>
              </span>
              <span className="flex flex-col items-end gap-1">
                <span
                  className={`font-bold tabular-nums ${item.type === 'deposit' ? 'text-[var(--brand-2)]' : 'text-[var(--text-strong)]'}`}
                >
                  {item.type === 'deposit' ? '+' : '−'}
                  {money(item.amount, item.currency)}
                </span>
                <span className="flex gap-3 text-xs font-semibold">
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
                      disabled={cancel.isPending}
                      onClick={() => cancel.mutate(item.id)}
                    >
                      {t('cashier.history.cancel', { defaultValue: 'Cancel' })}
                    </button>
                  )}
                </span>
              </span>
            </li>
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
