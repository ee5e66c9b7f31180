/**
 * One bet: type, legs with their odds and results, stake, payout, status, and cash-out while it is offered; a
 * cash-out asks first (a confirm dialog whose safe answer, keeping the bet, has the focus) since it moves money.
 */
import type { TBet } from '@casino/contracts/calls/sportsbook';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { useDialogs } from '../../../ui/dialogs';
import { LocaleLink } from '../../frame/locale-link';
import { SPORTSBOOK_CALLS, sportsbookKeys } from '../api';
import { formatOdds, useOddsFormat } from '../odds';

const STATUS_TONE: Record<string, string> = {
  open: 'bg-sky-600',
  won: 'bg-emerald-600',
  lost: 'bg-rose-700',
  void: 'bg-slate-600',
  cancelled: 'bg-slate-600',
  cashed_out: 'bg-amber-600',
};

export function BetCard({ bet }: { bet: TBet }) {
  const { t } = useTranslation();
  const format = useOddsFormat();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const dialogs = useDialogs();
  const amount = (major: number) => formatAmount(major, bet.currency);
  const cashout = async () => {
    if (bet.cashout_value === null) return;
    const offered = amount(bet.cashout_value);
    const agreed = await dialogs.confirm({
      size: 'small',
      title: t('betting.cashout.confirmTitle', { defaultValue: 'Cash out this bet?' }),
      confirm: {
        content: t('betting.cashout.confirmQuestion', {
          defaultValue:
            'You get {amount} now and bet #{id} is settled: it no longer pays whatever the result.',
          amount: offered,
          id: bet.id,
        }),
        agreeText: t('betting.cashout.button', { defaultValue: 'Cash out {amount}', amount: offered }),
        rejectText: t('betting.cashout.keep', { defaultValue: 'Keep the bet' }),
      },
    });
    if (!agreed) return;
    setBusy(true);
    setMessage(null);
    try {
      await api.call(SPORTSBOOK_CALLS.cashout, {
        bet_id: String(bet.id),
        amount: bet.cashout_value.toFixed(2),
      });
    } catch (error) {
      setMessage(
        isApiError(error) && error.invalidParameters.amount === 'oddsChanged'
          ? t('betting.cashout.moved', { defaultValue: 'The value changed: check the new one.' })
          : t('betting.cashout.unavailable', { defaultValue: 'Cash-out is not available right now.' }),
      );
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: sportsbookKeys.all });
    }
  };
  const typeName =
    bet.type === 'system'
      ? (bet.system_name ??
        t('betting.slip.kOfN', { defaultValue: '{k} of {n}', k: bet.system_size, n: bet.legs.length }))
      : t(`betting.types.${bet.type}`, { defaultValue: bet.type });
  return (
    <article
      data-testid="bet-card"
      data-bet-id={bet.id}
      data-status={bet.status}
      className="flex flex-col gap-2 rounded-xl border border-[var(--line)] bg-[var(--surface)] p-3 text-sm"
    >
      <header className="flex items-center justify-between gap-2">
        <LocaleLink to={paths.bet(bet.id)} className="font-semibold text-[var(--text-strong)]">
          {typeName} · #{bet.id}
        </LocaleLink>
        <span
          className={`rounded px-2 py-0.5 text-xs font-semibold text-white ${STATUS_TONE[bet.status] ?? ''}`}
        >
          {t(`betting.status.${bet.status}`, { defaultValue: bet.status })}
        </span>
      </header>
      <ul className="flex flex-col gap-1">
        {bet.legs.map((leg) => (
          <li
            key={`${leg.event_id}-${leg.market_id}-${leg.outcome_id}`}
            className="flex items-start justify-between gap-2"
          >
            <div className="min-w-0">
              <p className="truncate text-[var(--text-strong)]">{leg.outcome_name}</p>
              <p className="truncate text-xs text-[var(--text-muted)]" data-testid="leg-market">
                {leg.market_name} · {leg.event_name}
              </p>
            </div>
            <div className="shrink-0 text-end">
              <p className="tabular-nums">{formatOdds(leg.odds, format)}</p>
              <p className="text-xs text-[var(--text-muted)]">
                {t(`betting.legResult.${leg.result}`, { defaultValue: leg.result })}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-2 gap-x-2 border-t border-[var(--line)] pt-2">
        <dt className="text-[var(--text-muted)]">
          {t('betting.slip.totalStake', { defaultValue: 'Total stake' })}
        </dt>
        <dd className="text-end tabular-nums">{amount(bet.total_stake)}</dd>
        <dt className="text-[var(--text-muted)]">
          {bet.status === 'open'
            ? t('betting.slip.potentialPayout', { defaultValue: 'Potential payout' })
            : t('betting.bets.payout', { defaultValue: 'Payout' })}
        </dt>
        <dd
          className="text-end font-semibold tabular-nums text-[var(--text-strong)]"
          data-testid="bet-payout"
        >
          {amount(bet.status === 'open' ? bet.potential_payout : bet.payout)}
        </dd>
      </dl>
      {bet.cashout_value !== null && (
        <button
          type="button"
          disabled={busy}
          data-testid="cashout"
          onClick={cashout}
          className="h-10 rounded-lg border border-[var(--accent)] font-semibold text-[var(--accent)] disabled:opacity-50"
        >
          {t('betting.cashout.button', {
            defaultValue: 'Cash out {amount}',
            amount: amount(bet.cashout_value),
          })}
        </button>
      )}
      {message && (
        <p role="alert" className="text-amber-400">
          {message}
        </p>
      )}
    </article>
  );
}
