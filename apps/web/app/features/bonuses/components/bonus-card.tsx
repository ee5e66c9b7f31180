/**
 * The transparent bonus card ★ (issue 12): everything a player needs to trust a bonus, where no casino shows it —
 * the wagering as a progress bar (wagered of required, and what is left), what each game kind contributes, the
 * max bet, the cap on what becomes real money, a betting bonus's minimum odds and free-bet rule, a countdown to expiry, and what a withdrawal now would keep and
 * lose. Open bonuses say their place in the bonus queue (playing now, or #n after which bonus) and carry their
 * actions (activate, pause, remove); one a pending withdrawal holds says so instead (lost if it is paid, back if it
 * is cancelled) and cannot be activated; ended ones say how they ended.
 */
import { useEffect, useState } from 'react';
import { queuedAfterLabel } from '../../../lib/bonus-placement';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TBonus } from '../api/bonuses-api';
import { countdown, isAtStake, leftToWager, progressPercent, withdrawNow } from '../lib/bonus-math';

interface TProps {
  bonus: TBonus;
  /** The player's main balance (major units): what a withdrawal keeps. */
  main: number;
  currency: string;
  isolation: boolean;
  busy?: boolean;
  onActivate?: (bonus: TBonus) => void;
  onDeactivate?: (bonus: TBonus) => void;
  onRemove?: (bonus: TBonus) => void;
}

const STATUS_TONE: Record<string, string> = {
  active: 'bg-emerald-500/15 text-emerald-300',
  available: 'bg-sky-500/15 text-sky-300',
  completed: 'bg-amber-400/15 text-amber-200',
};

/** Re-renders every minute, so the countdown moves while the page is open. */
const useMinuteClock = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

export function BonusCard({
  bonus,
  main,
  currency,
  isolation,
  busy,
  onActivate,
  onDeactivate,
  onRemove,
}: TProps) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const percent = progressPercent(bonus);
  const left = countdown(bonus.expires_at, now);
  const isOpen = bonus.status === 'active' || bonus.status === 'available';
  const hold = bonus.status === 'available' ? bonus.withdrawal_hold : null;
  const withdraw = withdrawNow({ main, bonus, isolation, currency });
  const statusLabel = hold
    ? t('profile.bonuses.status.held', { defaultValue: 'Paused' })
    : t(`profile.bonuses.status.${bonus.status}`, { defaultValue: bonus.status });

  return (
    <article
      className="card flex flex-col gap-4 p-5"
      data-testid="bonus-card"
      data-bonus-id={bonus.id}
      data-status={bonus.status}
      data-held={hold ? 'true' : undefined}
    >
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-lg font-bold text-[var(--text-strong)]">{bonus.description.title}</h3>
          {bonus.description.text && (
            <p className="mt-1 text-sm text-[var(--text-muted)]">{bonus.description.text}</p>
          )}
        </div>
        <span
          className={`shrink-0 rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide ${
            STATUS_TONE[bonus.status] ?? 'bg-white/10 text-[var(--text-muted)]'
          }`}
          data-testid="bonus-status"
        >
          {statusLabel}
        </span>
      </header>

      {isOpen && bonus.queue_position !== null && (
        <p className="text-sm font-semibold text-[var(--text-strong)]" data-testid="bonus-queue">
          {bonus.status === 'active'
            ? t('profile.bonuses.queue.playing', { defaultValue: 'Playing now · #1 in your queue' })
            : bonus.queued_after
              ? t('profile.bonuses.queue.waiting', {
                  defaultValue: '#{position} in your queue · starts after {after}',
                  position: bonus.queue_position,
                  after: queuedAfterLabel(bonus.queued_after, currency),
                })
              : t('profile.bonuses.queue.first', { defaultValue: '#1 in your queue: activate it to play' })}
        </p>
      )}

      {hold && (
        <p
          className="rounded-xl border border-sky-300/30 bg-sky-300/10 p-3 text-sm font-semibold text-[var(--text-strong)]"
          data-testid="bonus-held"
        >
          {hold.count === 1
            ? t('profile.bonuses.held.one', {
                defaultValue:
                  'Paused while your withdrawal of {amount} waits: lost if it is paid, back if you cancel it.',
                amount: formatAmount(hold.amount, currency),
              })
            : t('profile.bonuses.held.many', {
                defaultValue:
                  'Paused while your withdrawals of {amount} wait: lost if one of them is paid, back if you cancel them all.',
                amount: formatAmount(hold.amount, currency),
              })}
        </p>
      )}

      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure
          label={t('profile.bonuses.balance', { defaultValue: 'Bonus money' })}
          value={formatAmount(bonus.balance, currency)}
          testId="bonus-balance"
        />
        <Figure
          label={t('profile.bonuses.amount', { defaultValue: 'Granted' })}
          value={formatAmount(bonus.amount, currency)}
        />
        <Figure
          label={t('profile.bonuses.maxBet', { defaultValue: 'Max bet' })}
          value={
            bonus.max_bet === null
              ? t('profile.bonuses.noLimit', { defaultValue: 'No limit' })
              : formatAmount(bonus.max_bet, currency)
          }
          testId="bonus-max-bet"
        />
        <Figure
          label={t('profile.bonuses.maxConversion', { defaultValue: 'Most you can cash out' })}
          value={
            bonus.max_conversion === null
              ? t('profile.bonuses.noCap', { defaultValue: 'No cap' })
              : formatAmount(bonus.max_conversion, currency)
          }
        />
      </dl>

      <section aria-label={t('profile.bonuses.wagering', { defaultValue: 'Wagering' })}>
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
          <span className="font-semibold text-[var(--text-strong)]" data-testid="bonus-wagered">
            {t('profile.bonuses.wageredOf', {
              defaultValue: '{wagered} of {required} wagered',
              wagered: formatAmount(bonus.wagered, currency),
              required: formatAmount(bonus.wager_requirement, currency),
            })}
          </span>
          <span className="tabular-nums text-[var(--text-muted)]">{percent}%</span>
        </div>
        <div
          className="mt-2 h-3 overflow-hidden rounded-full bg-white/10"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-label={t('profile.bonuses.progress', { defaultValue: 'Wagering progress' })}
          data-testid="bonus-progress"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-[var(--accent)] to-amber-300 transition-[width]"
            style={{ width: `${percent}%` }}
          />
        </div>
        {isOpen && (
          <p className="mt-2 text-xs text-[var(--text-muted)]">
            {t('profile.bonuses.leftToWager', {
              defaultValue: '{left} left to wager ({multiplier}× the bonus). Then it turns into real money.',
              left: formatAmount(leftToWager(bonus), currency),
              multiplier: bonus.wager_multiplier,
            })}
          </p>
        )}
      </section>

      <section aria-label={t('profile.bonuses.contributions', { defaultValue: 'What counts' })}>
        <h4 className="text-xs font-semibold uppercase tracking-wide text-[var(--text-muted)]">
          {t('profile.bonuses.contributions', { defaultValue: 'What counts' })}
        </h4>
        <ul className="mt-2 flex flex-wrap gap-2" data-testid="bonus-contributions">
          {Object.entries(bonus.contributions.kinds).map(([kind, share]) => (
            <li
              key={kind}
              className="rounded-full border border-white/10 px-3 py-1 text-xs text-[var(--text-strong)]"
            >
              {t(`games.types.${kind}`, { defaultValue: kind })}{' '}
              <span className="font-bold tabular-nums">{share}%</span>
            </li>
          ))}
        </ul>
      </section>

      {bonus.type === 'betting' && (
        <section
          aria-label={t('profile.bonuses.minOdds', { defaultValue: 'Minimum odds' })}
          className="flex flex-col gap-1 text-sm text-[var(--text-strong)]"
          data-testid="bonus-betting-terms"
        >
          {bonus.is_free_bet && (
            <p data-testid="bonus-free-bet">
              <span className="font-bold">{t('profile.bonuses.freeBet', { defaultValue: 'Free bet' })}</span>
              {': '}
              {t('profile.bonuses.freeBetRule', {
                defaultValue:
                  'A winning bet pays the winnings without the stake; a void bet gives the stake back.',
              })}
            </p>
          )}
          <p data-testid="bonus-min-odds">
            {bonus.min_odds === null
              ? `${t('profile.bonuses.minOdds', { defaultValue: 'Minimum odds' })}: ${t('profile.bonuses.anyOdds', { defaultValue: 'Any odds' })}`
              : t('profile.bonuses.settledRule', {
                  defaultValue:
                    'Bets count when they settle, at odds of {odds} or more (a combo: its total odds).',
                  odds: bonus.min_odds.toFixed(2),
                })}
          </p>
        </section>
      )}

      {isOpen && left && (
        <p className="text-sm text-[var(--text-strong)]" data-testid="bonus-countdown">
          {left.over
            ? t('profile.bonuses.expiring', { defaultValue: 'Expiring now' })
            : t('profile.bonuses.expiresIn', {
                defaultValue: 'Expires in {days} d {hours} h {minutes} min',
                days: left.days,
                hours: left.hours,
                minutes: left.minutes,
              })}
        </p>
      )}

      {isAtStake(bonus) && (
        <p
          className="rounded-xl border border-amber-300/30 bg-amber-300/10 p-3 text-sm text-[var(--text-strong)]"
          data-testid="bonus-withdraw-now"
        >
          {isolation
            ? t('profile.bonuses.isolated', {
                defaultValue: 'Your real money stays free: withdrawing it leaves this bonus alone.',
              })
            : hold
              ? t('profile.bonuses.withdrawAgain', {
                  defaultValue:
                    'Withdraw more now: you keep {keep}; this bonus ({lose}) is lost if any of your withdrawals is paid.',
                  keep: withdraw.keep,
                  lose: withdraw.lose,
                })
              : t('profile.bonuses.withdrawNow', {
                  defaultValue: 'Withdraw now: you keep {keep}, you lose {lose}.',
                  keep: withdraw.keep,
                  lose: withdraw.lose,
                })}
        </p>
      )}

      {!isOpen && (
        <p className="text-sm text-[var(--text-muted)]" data-testid="bonus-outcome">
          {bonus.status === 'completed'
            ? t('profile.bonuses.converted', {
                defaultValue: 'Became real money: {amount}',
                amount: formatAmount(bonus.converted, currency),
              })
            : t('profile.bonuses.lost', {
                defaultValue: 'Lost: {amount}',
                amount: formatAmount(bonus.lost, currency),
              })}
          {bonus.finished_at && ` · ${formatDateTime(bonus.finished_at)}`}
        </p>
      )}

      {isOpen && (onActivate || onDeactivate || onRemove) && (
        <div className="flex flex-wrap gap-2">
          {bonus.status === 'available' && !hold && onActivate && (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy}
              onClick={() => onActivate(bonus)}
              data-testid="bonus-activate"
            >
              {t('profile.bonuses.activate', { defaultValue: 'Activate' })}
            </button>
          )}
          {bonus.status === 'active' && onDeactivate && (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => onDeactivate(bonus)}
              data-testid="bonus-deactivate"
            >
              {t('profile.bonuses.deactivate', { defaultValue: 'Pause' })}
            </button>
          )}
          {onRemove && (
            <button
              type="button"
              className="btn btn-ghost text-rose-300"
              disabled={busy}
              onClick={() => onRemove(bonus)}
              data-testid="bonus-remove"
            >
              {t('profile.bonuses.remove', { defaultValue: 'Remove' })}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-white/5 p-3">
      <dt className="truncate text-xs text-[var(--text-muted)]">{label}</dt>
      <dd
        className="mt-1 truncate text-base font-bold tabular-nums text-[var(--text-strong)]"
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
