/**
 * The bet slip: singles, combo or system over the picked selections; stake per line, total stake and potential
 * payout; the odds-change policy; placing (sportsbook.placeBet with a bet_uuid kept until it succeeds, so a retry
 * never places twice) and the receipt. A refusal is explained; when the odds moved, the slip takes the new ones.
 * On small screens it is a drawer behind a bar at the bottom; on large ones a column beside the events.
 */
import type { TBet } from '@casino/contracts/calls/sportsbook';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAccount } from '../../account/use-account';
import { SPORTSBOOK_CALLS, sportsbookKeys } from '../api';
import { formatOdds, useOddsFormat } from '../odds';
import { slipTotals, systemsFor, type TSlipType } from '../slip-math';
import { keyOf, slip, useSlip } from '../slip-store';

const newUuid = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`.replace('.', '');

/** §9: thousands commas, 2 decimals (the shared formatter; the currency code follows it here). */
const money = (cents: number) => formatAmount(cents / 100);

function SlipBody({ onPlaced }: { onPlaced?: () => void }) {
  const { t } = useTranslation();
  const selections = useSlip();
  const format = useOddsFormat();
  const account = useAccount();
  const queryClient = useQueryClient();
  const [type, setType] = useState<TSlipType>('single');
  const [system, setSystem] = useState('2');
  const [stake, setStake] = useState('5.00');
  const [acceptOdds, setAcceptOdds] = useState<'none' | 'higher' | 'any'>('higher');
  const [uuid, setUuid] = useState(newUuid);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<TBet[] | null>(null);
  const n = selections.length;
  const sameEvent = new Set(selections.map((s) => s.event_id)).size !== n;
  const systems = systemsFor(n);
  const effectiveType: TSlipType =
    n < 2 ? 'single' : type === 'system' && systems.length === 0 ? 'combo' : type;
  const effectiveSystem = systems.some((s) => s.value === system) ? system : (systems[0]?.value ?? '2');
  const stakeCents = Math.round(Number(stake.replace(',', '.')) * 100) || 0;
  const totals = useMemo(
    () =>
      slipTotals(
        effectiveType,
        selections.map((s) => s.odds),
        effectiveSystem,
        stakeCents,
      ),
    [effectiveType, selections, effectiveSystem, stakeCents],
  );

  if (receipt)
    return (
      <div data-testid="bet-receipt" className="flex flex-col gap-3">
        <p className="font-semibold text-emerald-400">
          {t('betting.slip.placed', { defaultValue: 'Bet placed' })}
        </p>
        {receipt.map((bet) => (
          <div key={bet.id} className="rounded-lg border border-[var(--line)] p-2 text-sm">
            <p className="font-medium text-[var(--text-strong)]">
              {t(`betting.types.${bet.type}`, { defaultValue: bet.type })} · #{bet.id}
            </p>
            <p>
              {t('betting.slip.totalStake', { defaultValue: 'Total stake' })}: {money(bet.total_stake * 100)}{' '}
              {bet.currency}
            </p>
            <p>
              {t('betting.slip.potentialPayout', { defaultValue: 'Potential payout' })}:{' '}
              {money(bet.potential_payout * 100)} {bet.currency}
            </p>
          </div>
        ))}
        <button
          type="button"
          className="h-11 rounded-lg border border-[var(--line)] text-[var(--text-strong)]"
          onClick={() => setReceipt(null)}
        >
          {t('betting.slip.continue', { defaultValue: 'Continue betting' })}
        </button>
      </div>
    );

  if (n === 0)
    return (
      <p className="text-sm text-[var(--text-muted)]">
        {t('betting.slip.empty', { defaultValue: 'Pick a price to start a bet.' })}
      </p>
    );

  const place = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await api.call(SPORTSBOOK_CALLS.placeBet, {
        selections: JSON.stringify(
          selections.map((s) => ({
            event_id: s.event_id,
            market_id: s.market_id,
            specifiers: s.specifiers,
            outcome_id: s.outcome_id,
            odds: s.odds,
          })),
        ),
        type: effectiveType,
        system_size: effectiveType === 'system' ? effectiveSystem : '',
        stake: (stakeCents / 100).toFixed(2),
        accept_odds: acceptOdds,
        bet_uuid: uuid,
      });
      setReceipt(answer.bets);
      slip.clear();
      setUuid(newUuid());
      void queryClient.invalidateQueries({ queryKey: sportsbookKeys.all });
      onPlaced?.();
    } catch (error) {
      const code = isApiError(error) ? Object.values(error.invalidParameters)[0] : undefined;
      if (isApiError(error) && code === 'oddsChanged') {
        const moved = (error.data as { odds?: { index: number; odds: number }[] }).odds ?? [];
        slip.reprice(
          Object.fromEntries(moved.map((m) => [keyOf(selections[m.index] ?? selections[0]!), m.odds])),
        );
        setUuid(newUuid());
      }
      if (isApiError(error, 'UserNeedDepositException'))
        setMessage(t('betting.errors.deposit', { defaultValue: 'Not enough money: make a deposit first.' }));
      else if (isApiError(error, 'AuthorizationException'))
        setMessage(t('betting.errors.signIn', { defaultValue: 'Sign in to place a bet.' }));
      else
        setMessage(
          t(`betting.errors.${code ?? 'unknown'}`, {
            defaultValue: t('betting.errors.unknown', {
              defaultValue: 'The bet could not be placed. Try again.',
            }),
          }),
        );
    } finally {
      setBusy(false);
    }
  };

  const types: TSlipType[] =
    n < 2 ? ['single'] : systems.length > 0 ? ['single', 'combo', 'system'] : ['single', 'combo'];
  return (
    <div className="flex flex-col gap-3" data-testid="bet-slip-body">
      <div role="tablist" className="grid auto-cols-fr grid-flow-col gap-1 rounded-lg bg-[var(--bg)] p-1">
        {types.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={effectiveType === value}
            data-testid={`slip-type-${value}`}
            onClick={() => setType(value)}
            className={`h-9 rounded-md text-sm font-medium ${effectiveType === value ? 'bg-[var(--accent)] text-[var(--accent-contrast)]' : 'text-[var(--text)]'}`}
          >
            {t(`betting.types.${value}`, { defaultValue: value })}
          </button>
        ))}
      </div>
      <ul className="flex flex-col gap-2">
        {selections.map((s) => (
          <li
            key={keyOf(s)}
            className="flex items-start gap-2 rounded-lg border border-[var(--line)] p-2 text-sm"
            data-testid="slip-selection"
          >
            <div className="min-w-0 flex-1">
              <p className="truncate font-medium text-[var(--text-strong)]">{s.outcome_name}</p>
              <p className="truncate text-xs text-[var(--text-muted)]">
                {s.market_name} · {s.event_name}
              </p>
            </div>
            <span className="font-semibold tabular-nums text-[var(--text-strong)]" data-testid="slip-odds">
              {formatOdds(s.odds, format)}
            </span>
            <button
              type="button"
              aria-label={t('betting.slip.remove', { defaultValue: 'Remove' })}
              onClick={() => slip.remove(keyOf(s))}
              className="h-6 w-6 shrink-0 rounded text-[var(--text-muted)] hover:text-[var(--text-strong)]"
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      {effectiveType !== 'single' && sameEvent && (
        <p className="text-sm text-amber-400">
          {t('betting.errors.sameEvent', { defaultValue: 'Two selections of one event cannot be combined.' })}
        </p>
      )}
      {effectiveType === 'system' && (
        <label className="flex flex-col gap-1 text-sm">
          <span className="text-[var(--text-muted)]">
            {t('betting.slip.system', { defaultValue: 'System' })}
          </span>
          <select
            value={effectiveSystem}
            onChange={(e) => setSystem(e.target.value)}
            className="h-10 rounded-lg border border-[var(--line)] bg-[var(--bg)] px-2 text-[var(--text-strong)]"
          >
            {systems.map((s) => (
              <option key={s.value} value={s.value}>
                {s.name ?? t('betting.slip.kOfN', { defaultValue: '{k} of {n}', k: s.k, n })}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-[var(--text-muted)]">
          {effectiveType === 'combo'
            ? t('betting.slip.stake', { defaultValue: 'Stake' })
            : t('betting.slip.stakePerLine', { defaultValue: 'Stake per bet' })}
        </span>
        <input
          inputMode="decimal"
          value={stake}
          data-testid="slip-stake"
          onChange={(e) => setStake(e.target.value.replace(/[^\d.,]/g, ''))}
          className="h-11 rounded-lg border border-[var(--line)] bg-[var(--bg)] px-3 text-base text-[var(--text-strong)]"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-[var(--text-muted)]">
          {t('betting.slip.oddsPolicy', { defaultValue: 'When the odds change' })}
        </span>
        <select
          value={acceptOdds}
          data-testid="slip-accept-odds"
          onChange={(e) => setAcceptOdds(e.target.value as 'none' | 'higher' | 'any')}
          className="h-10 rounded-lg border border-[var(--line)] bg-[var(--bg)] px-2 text-[var(--text-strong)]"
        >
          <option value="none">{t('betting.slip.acceptNone', { defaultValue: 'Ask me' })}</option>
          <option value="higher">
            {t('betting.slip.acceptHigher', { defaultValue: 'Accept higher odds' })}
          </option>
          <option value="any">{t('betting.slip.acceptAny', { defaultValue: 'Accept any odds' })}</option>
        </select>
      </label>
      <dl className="grid grid-cols-2 gap-1 text-sm">
        <dt className="text-[var(--text-muted)]">{t('betting.slip.bets', { defaultValue: 'Bets' })}</dt>
        <dd className="text-end tabular-nums">{totals.lines}</dd>
        <dt className="text-[var(--text-muted)]">
          {t('betting.slip.totalStake', { defaultValue: 'Total stake' })}
        </dt>
        <dd className="text-end tabular-nums" data-testid="slip-total">
          {money(totals.total)}
        </dd>
        <dt className="text-[var(--text-muted)]">
          {t('betting.slip.potentialPayout', { defaultValue: 'Potential payout' })}
        </dt>
        <dd
          className="text-end font-semibold tabular-nums text-[var(--text-strong)]"
          data-testid="slip-payout"
        >
          {money(totals.payout)}
        </dd>
      </dl>
      {message && (
        <p role="alert" data-testid="slip-message" className="text-sm text-amber-400">
          {message}
        </p>
      )}
      <button
        type="button"
        data-testid="place-bet"
        disabled={busy || stakeCents <= 0 || (effectiveType !== 'single' && sameEvent) || !account}
        onClick={place}
        className="h-12 rounded-lg bg-[var(--accent)] font-semibold text-[var(--accent-contrast)] disabled:opacity-50"
      >
        {account
          ? t('betting.slip.place', { defaultValue: 'Place bet' })
          : t('betting.errors.signIn', { defaultValue: 'Sign in to place a bet.' })}
      </button>
    </div>
  );
}

/** The slip: a column on large screens, a bar with a drawer on small ones. */
export function BetSlip() {
  const { t } = useTranslation();
  const count = useSlip().length;
  const [open, setOpen] = useState(false);
  return (
    <>
      <aside className="hidden lg:block" aria-label={t('betting.slip.title', { defaultValue: 'Bet slip' })}>
        <div className="sticky top-20 rounded-xl border border-[var(--line)] bg-[var(--surface)] p-3">
          <h2 className="mb-3 font-semibold text-[var(--text-strong)]">
            {t('betting.slip.title', { defaultValue: 'Bet slip' })} {count > 0 && `(${count})`}
          </h2>
          <SlipBody />
        </div>
      </aside>
      <div className="lg:hidden">
        {count > 0 && !open && (
          <button
            type="button"
            data-testid="slip-bar"
            onClick={() => setOpen(true)}
            className="fixed inset-x-3 bottom-20 z-30 flex h-12 items-center justify-between rounded-xl bg-[var(--accent)] px-4 font-semibold text-[var(--accent-contrast)] shadow-lg"
          >
            <span>{t('betting.slip.title', { defaultValue: 'Bet slip' })}</span>
            <span className="rounded-full bg-black/20 px-2 tabular-nums">{count}</span>
          </button>
        )}
        {open && (
          <div
            className="fixed inset-0 z-50 flex flex-col justify-end bg-black/60"
            role="dialog"
            aria-modal="true"
            aria-label={t('betting.slip.title', { defaultValue: 'Bet slip' })}
          >
            <div
              className="max-h-[85vh] overflow-y-auto rounded-t-2xl bg-[var(--surface)] p-4"
              data-testid="slip-drawer"
            >
              <div className="mb-3 flex items-center justify-between">
                <h2 className="font-semibold text-[var(--text-strong)]">
                  {t('betting.slip.title', { defaultValue: 'Bet slip' })} ({count})
                </h2>
                <button
                  type="button"
                  onClick={() => setOpen(false)}
                  className="h-9 rounded-lg px-3 text-[var(--text-muted)]"
                >
                  {t('betting.slip.close', { defaultValue: 'Close' })}
                </button>
              </div>
              <SlipBody />
            </div>
          </div>
        )}
      </div>
    </>
  );
}
