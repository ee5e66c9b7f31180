/**
 * /profile/bonuses: the tabs of spec §9, bonuses (the open casino and betting bonuses in queue order — the active
 * one, then the waiting ones as they will start — each a transparent bonus card with its actions, and a promo code
 * form) and history (every bonus that ended, and how). Activating and removing ask first (the bonus activate /
 * remove confirms of spec §2): activating a waiting bonus while another plays asks what happens to the active one
 * (paused to the front of the queue, or given up); removing the active one says which bonus starts next.
 */
import type { TActiveBonusChoice } from '@casino/contracts/calls/bonuses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { queuedAfterLabel } from '../../../lib/bonus-placement';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { accountQueryKey, useAccount } from '../../account/use-account';
import { useSite } from '../../frame/use-site';
import {
  BONUS_CALLS,
  bonusesQuery,
  bonusKeys,
  HISTORY_STATUSES,
  OPEN_STATUSES,
  type TBonus,
} from '../api/bonuses-api';
import { openBettingBonusActivated, openBonusConfirm } from '../dialogs/bonus-dialogs';
import { ActiveBonusChoice } from './active-bonus-choice';
import { BonusCard } from './bonus-card';
import { PromoCodeForm } from './promo-code-form';

type TTab = 'bonuses' | 'history';

export function BonusesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TTab>('bonuses');
  const tabs: { id: TTab; label: string }[] = [
    { id: 'bonuses', label: t('profile.bonuses.tabs.bonuses', { defaultValue: 'Bonuses' }) },
    { id: 'history', label: t('profile.bonuses.tabs.history', { defaultValue: 'History' }) },
  ];
  return (
    <section className="card flex flex-col gap-5 p-5 sm:p-6" data-testid="bonuses-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-xl font-bold text-[var(--text-strong)]">
          {t('profile.tabs.bonuses', { defaultValue: 'Bonuses' })}
        </h2>
        <div role="tablist" className="flex gap-1 rounded-xl bg-white/5 p-1">
          {tabs.map((item) => (
            <button
              key={item.id}
              type="button"
              role="tab"
              aria-selected={tab === item.id}
              className={`rounded-lg px-4 py-2 text-sm font-semibold transition ${
                tab === item.id
                  ? 'bg-[var(--accent)] text-[var(--accent-contrast)]'
                  : 'text-[var(--text-muted)] hover:text-[var(--text-strong)]'
              }`}
              onClick={() => setTab(item.id)}
              data-testid={`bonuses-tab-${item.id}`}
            >
              {item.label}
            </button>
          ))}
        </div>
      </div>
      {tab === 'bonuses' ? <OpenBonuses /> : <BonusHistory />}
    </section>
  );
}

function OpenBonuses() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5" role="tabpanel">
      <PromoCodeForm />
      <BonusList
        type="casino"
        statuses={OPEN_STATUSES}
        empty={t('profile.bonuses.empty', {
          defaultValue: 'You have no bonuses right now. Enter a promo code or see the promotions.',
        })}
      />
      <BonusList
        type="betting"
        statuses={OPEN_STATUSES}
        heading={t('profile.bonuses.betting', { defaultValue: 'Sportsbook bonuses' })}
      />
    </div>
  );
}

function BonusHistory() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-5" role="tabpanel">
      <BonusList
        type="casino"
        statuses={HISTORY_STATUSES}
        empty={t('profile.bonuses.historyEmpty', { defaultValue: 'No bonus has ended yet.' })}
      />
      <BonusList
        type="betting"
        statuses={HISTORY_STATUSES}
        heading={t('profile.bonuses.betting', { defaultValue: 'Sportsbook bonuses' })}
      />
    </div>
  );
}

interface TListProps {
  type: 'casino' | 'betting';
  statuses: string;
  /** Shown when the list is empty; without it an empty list shows nothing (the betting section). */
  empty?: string;
  heading?: string;
}

function BonusList({ type, statuses, empty, heading }: TListProps) {
  const { t } = useTranslation();
  const site = useSite();
  const account = useAccount();
  const client = useQueryClient();
  const list = useQuery(bonusesQuery(type, statuses));
  const currency = account?.balance.currency || 'USD';
  const isolation = site?.generalInfo.is_bonus_isolation_enabled === true;

  const act = useMutation({
    mutationFn: ({
      action,
      bonus,
      active,
    }: {
      action: 'activate' | 'deactivate' | 'remove';
      bonus: TBonus;
      active?: TActiveBonusChoice;
    }) => {
      const bonusId = String(bonus.id);
      if (action === 'activate')
        return api.call(type === 'betting' ? BONUS_CALLS.bettingActivate : BONUS_CALLS.activate, {
          bonus_id: bonusId,
          active_bonus: active ?? 'deactivate',
        });
      const ref =
        type === 'betting'
          ? BONUS_CALLS.bettingRemove
          : BONUS_CALLS[action === 'remove' ? 'remove' : 'deactivate'];
      return api.call(ref, { bonus_id: bonusId });
    },
    onSuccess: (bonus, { action }) => {
      void client.invalidateQueries({ queryKey: bonusKeys.all });
      void client.invalidateQueries({ queryKey: accountQueryKey });
      if (action === 'activate' && bonus.type === 'betting')
        openBettingBonusActivated(formatAmount(bonus.balance, currency));
    },
    onError: (error) => {
      const code = isApiError(error, 'InvalidParameterException')
        ? error.invalidParameters.bonus_id
        : undefined;
      toast.error(
        code === 'bonusExpired'
          ? t('profile.bonuses.errors.expired', { defaultValue: 'This bonus has expired.' })
          : t('profile.bonuses.errors.generic', {
              defaultValue: 'The bonus could not be changed. Please try again.',
            }),
      );
      void client.invalidateQueries({ queryKey: bonusKeys.all });
    },
  });

  const items = list.data?.items ?? [];
  const playing = items.find((b) => b.status === 'active');

  const confirmThen = (action: 'activate' | 'deactivate' | 'remove', bonus: TBonus) => {
    const choice: { current: TActiveBonusChoice } = { current: 'deactivate' };
    const run = async () => {
      await act.mutateAsync({ action, bonus, active: choice.current }).catch(() => undefined);
    };
    if (action === 'deactivate') return void run();
    const replaces = action === 'activate' && playing && playing.id !== bonus.id ? playing : null;
    // Removing the active bonus starts the one behind it; removing a held one (in the active one's place, ADR 053)
    // starts the first that waits when none plays.
    const held = bonus.status === 'available' && bonus.withdrawal_hold !== null;
    const next =
      bonus.status === 'active'
        ? items.find((b) => b.queued_after?.id === bonus.id)
        : held && !playing
          ? items.find((b) => b.status === 'available' && b.queue_position === 1)
          : undefined;
    openBonusConfirm(action === 'activate' ? 'bonus-activate-confirm' : 'bonus-remove-confirm', {
      title:
        action === 'activate'
          ? t('popups.confirm.activateBonusTitle', { defaultValue: 'Activate this bonus?' })
          : t('popups.confirm.removeBonusTitle', { defaultValue: 'Remove this bonus?' }),
      content:
        action === 'activate' ? (
          replaces ? (
            <ActiveBonusChoice active={replaces} currency={currency} choice={choice} />
          ) : (
            t('profile.bonuses.activateFreeText', {
              defaultValue: 'It starts now: its money goes on your bonus balance.',
            })
          )
        ) : bonus.status === 'active' || held ? (
          <>
            {t('profile.bonuses.removeActiveText', {
              defaultValue: 'You lose its bonus money ({amount}) and its wagering progress.',
              amount: formatAmount(bonus.balance, currency),
            })}
            {next &&
              ` ${t('profile.bonuses.removeActiveNext', {
                defaultValue: 'The next in your queue, {next}, starts at once.',
                next: queuedAfterLabel(
                  { id: next.id, title: next.description.title, amount: next.amount },
                  currency,
                ),
              })}`}
          </>
        ) : (
          t('profile.bonuses.removeText', { defaultValue: 'It will be gone from your bonuses.' })
        ),
      agreeText: t('popups.confirm.agree', { defaultValue: 'Yes, continue' }),
      rejectText: t('popups.confirm.reject', { defaultValue: 'Cancel' }),
      onAgree: run,
    });
  };

  if (list.isPending)
    return <div className="h-48 animate-pulse rounded-xl bg-white/5" data-testid="bonuses-loading" />;
  if (list.isError)
    return (
      <p
        className="rounded-xl border border-rose-500/30 bg-rose-500/10 p-4 text-sm text-rose-200"
        role="alert"
      >
        {t('profile.bonuses.errors.load', { defaultValue: 'Your bonuses could not be loaded.' })}{' '}
        <button type="button" className="underline" onClick={() => void list.refetch()}>
          {t('common.retry', { defaultValue: 'Retry' })}
        </button>
      </p>
    );
  if (list.data.items.length === 0)
    return empty ? (
      <p className="empty-state py-10" data-testid="bonuses-empty">
        {empty}
      </p>
    ) : null;
  const isOpenList = statuses === OPEN_STATUSES;
  return (
    <div className="flex flex-col gap-3">
      {heading && (
        <h3 className="text-sm font-semibold uppercase tracking-wide text-[var(--text-muted)]">{heading}</h3>
      )}
      {isOpenList && list.data.items.length > 1 && (
        <p className="text-sm text-[var(--text-muted)]" data-testid={`bonus-queue-note-${type}`}>
          {t('profile.bonuses.queue.note', {
            defaultValue:
              'One bonus plays at a time. The waiting ones start by themselves, in order, when the active one ends.',
          })}
        </p>
      )}
      <div className="grid grid-cols-1 gap-4" data-testid={`bonuses-${type}`}>
        {list.data.items.map((bonus) => (
          <BonusCard
            key={bonus.id}
            bonus={bonus}
            main={account?.balance.amount ?? 0}
            currency={currency}
            isolation={isolation}
            busy={act.isPending}
            {...(isOpenList
              ? {
                  onActivate: (b: TBonus) => confirmThen('activate', b),
                  onRemove: (b: TBonus) => confirmThen('remove', b),
                  ...(type === 'casino' ? { onDeactivate: (b: TBonus) => confirmThen('deactivate', b) } : {}),
                }
              : {})}
          />
        ))}
      </div>
    </div>
  );
}
