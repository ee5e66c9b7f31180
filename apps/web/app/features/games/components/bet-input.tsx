/** The stake field every play screen shares: spec §5 Sum rule, ½ / 2× / min / max, balance check. */
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { checkBet, stepBet } from '../lib/bet-amount';
import { formatAmount } from '../lib/wire';

export interface TBetLimits {
  min: number;
  max: number;
  balance: number | null;
}

export function BetInput({
  value,
  onChange,
  limits,
  disabled,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  limits: TBetLimits;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const check = checkBet(value, limits);
  const message = check.ok
    ? null
    : check.code === 'wrongField'
      ? t('games.bet.wrong', { defaultValue: 'Enter an amount, e.g. 1.50' })
      : check.code === 'balance'
        ? t('games.bet.balance', { defaultValue: 'More than your balance' })
        : t('games.bet.range', {
            defaultValue: 'Between {min} and {max}',
            min: formatAmount(limits.min),
            max: formatAmount(limits.max),
          });
  return (
    <div className="gm-bet">
      <label htmlFor={id} className="gm-label">
        {label ?? t('games.bet.label', { defaultValue: 'Bet' })}
      </label>
      <div className="gm-bet-row">
        <span className="gm-bet-currency" aria-hidden="true">
          $
        </span>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          className="gm-bet-input tabular-nums"
          value={value}
          disabled={disabled}
          aria-invalid={!check.ok}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value.replace(/[^\d.,]/g, ''))}
          data-testid="bet-input"
        />
        {(['half', 'double'] as const).map((how) => (
          <button
            key={how}
            type="button"
            className="gm-bet-step"
            disabled={disabled}
            onClick={() => onChange(stepBet(value, how, limits))}
            // The name starts with what the button shows (WCAG 2.5.3), then says what it does.
            aria-label={
              how === 'half'
                ? t('games.bet.halve', { defaultValue: '½ (halve the bet)' })
                : t('games.bet.double', { defaultValue: '2× (double the bet)' })
            }
          >
            {how === 'half' ? '½' : '2×'}
          </button>
        ))}
      </div>
      {message && (
        <p id={`${id}-error`} className="gm-bet-error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

/** Whether the play button may send the bet: the balance is the server's to judge (it answers with the deposit dialog). */
export const isBetValid = (value: string, limits: TBetLimits) =>
  checkBet(value, { ...limits, balance: null }).ok;
export const betText = (value: string) => Number(value.replace(/,/g, '')).toFixed(2);
