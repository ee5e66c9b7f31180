/**
 * /profile/cashback: the player's cashbacks (cashbacks.get): each with its period, the net losses it was computed
 * from, its amount, how it pays (real money or a bonus with its own wagering) and until when it can be claimed;
 * claiming (cashbacks.payout) and dismissing (cashbacks.remove). Opening the page counts as having seen the newest.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { accountQueryKey, useAccount } from '../../account/use-account';
import { LocaleLink } from '../../frame/locale-link';
import { BONUS_CALLS, bonusKeys, cashbacksQuery, type TCashbackItem } from '../api/bonuses-api';
import { markSeen } from '../cashback-seen';

const day = (iso: string) => formatDateTime(iso).split(' ')[0];

export function CashbackPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const currency = useAccount()?.balance.currency || 'USD';
  const list = useQuery(cashbacksQuery());
  const newest = list.data?.items[0]?.id;
  useEffect(() => {
    if (newest !== undefined) void markSeen(newest);
  }, [newest]);

  const payout = useMutation({
    mutationFn: (id: number) => api.call(BONUS_CALLS.cashbackPayout, { cashback_id: String(id), id: '' }),
    onSuccess: (paid) => {
      toast.success(
        paid.payout === 'bonus'
          ? t('profile.cashback.paidBonus', {
              defaultValue: '{amount} is now a bonus in your bonuses.',
              amount: formatAmount(paid.amount, currency),
            })
          : t('profile.cashback.paidReal', {
              defaultValue: '{amount} is on your balance.',
              amount: formatAmount(paid.amount, currency),
            }),
      );
      void client.invalidateQueries({ queryKey: bonusKeys.all });
      void client.invalidateQueries({ queryKey: bonusKeys.cashbacks });
      void client.invalidateQueries({ queryKey: accountQueryKey });
    },
    onError: (error) => {
      toast.error(
        isApiError(error, 'AccessDeniedException')
          ? t('profile.cashback.errors.limits', {
              defaultValue: 'Cashback cannot be paid while your time-out or self-exclusion is on.',
            })
          : t('profile.cashback.errors.payout', { defaultValue: 'This cashback can no longer be claimed.' }),
      );
      void client.invalidateQueries({ queryKey: bonusKeys.cashbacks });
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api.call(BONUS_CALLS.cashbackRemove, { cashback_id: String(id), id: '' }),
    onSettled: () => void client.invalidateQueries({ queryKey: bonusKeys.cashbacks }),
  });

  return (
    <section className="card flex flex-col gap-5 p-5 sm:p-6" data-testid="cashback-page">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('profile.tabs.cashback', { defaultValue: 'Cashback' })}
      </h2>
      {list.isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-white/5" />
      ) : list.isError ? (
        <p
          className="rounded-xl border border-rose-500/30 bg-rose-500/10 p-4 text-sm text-rose-200"
          role="alert"
        >
          {t('profile.cashback.errors.load', { defaultValue: 'Your cashback could not be loaded.' })}
        </p>
      ) : list.data.items.length === 0 ? (
        <p className="empty-state py-10" data-testid="cashback-empty">
          {t('profile.cashback.empty', {
            defaultValue: 'No cashback yet. Part of your net losses comes back at the end of each week.',
          })}{' '}
          <LocaleLink to={paths.promotions} className="underline">
            {t('pages.promotions.title', { defaultValue: 'Promotions' })}
          </LocaleLink>
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4" data-testid="cashbacks">
          {list.data.items.map((item) => (
            <CashbackItem
              key={item.id}
              item={item as TCashbackItem}
              currency={currency}
              busy={payout.isPending || remove.isPending}
              onPayout={() => payout.mutate(item.id)}
              onRemove={() => remove.mutate(item.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function CashbackItem({
  item,
  currency,
  busy,
  onPayout,
  onRemove,
}: {
  item: TCashbackItem;
  currency: string;
  busy: boolean;
  onPayout: () => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const active = item.status === 'active';
  return (
    <li
      className="flex flex-col gap-3 rounded-xl bg-white/5 p-4"
      data-testid="cashback-item"
      data-status={item.status}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-bold text-[var(--text-strong)]">{item.description.title}</h3>
          <p className="text-sm text-[var(--text-muted)]">{item.description.text}</p>
        </div>
        <span className="text-2xl font-black tabular-nums text-[var(--accent)]" data-testid="cashback-amount">
          {formatAmount(item.amount, currency)}
        </span>
      </div>
      <p className="text-xs text-[var(--text-muted)]">
        {t('profile.cashback.period', {
          defaultValue: '{from} – {to}: net losses {loss}',
          from: day(item.start_date),
          to: day(item.end_date),
          loss: formatAmount(item.net_loss, currency),
        })}
      </p>
      {active ? (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={onPayout}
            data-testid="cashback-payout"
          >
            {item.payout === 'bonus'
              ? t('profile.cashback.takeBonus', { defaultValue: 'Get it as a bonus' })
              : t('profile.cashback.take', { defaultValue: 'Get cashback' })}
          </button>
          <button type="button" className="btn btn-ghost" disabled={busy} onClick={onRemove}>
            {t('profile.bonuses.remove', { defaultValue: 'Remove' })}
          </button>
          {item.receiving_expired_at && (
            <span className="text-xs text-[var(--text-muted)]">
              {t('profile.cashback.until', {
                defaultValue: 'Claim it by {date}',
                date: formatDateTime(item.receiving_expired_at),
              })}
            </span>
          )}
        </div>
      ) : (
        <p className="text-sm text-emerald-300">{t('profile.cashback.paid', { defaultValue: 'Paid' })}</p>
      )}
    </li>
  );
}
