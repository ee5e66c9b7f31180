/**
 * A live event's period and running clock. The period is text a screen reader reads with the score beside it; the
 * ticking time is hidden from it (no live region announcing every second).
 */
import type { TMatchClock } from '@casino/contracts/calls/sportsbook';
import { useTranslation } from '../../../lib/i18n-lite';
import { clockText, periodLabel, useNow } from '../match-clock';

export function MatchClock({ clock, className = '' }: { clock: TMatchClock; className?: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const period = periodLabel(t, clock);
  const time = clockText(clock, now);
  if (!period && !time) return null;
  return (
    <span
      className={`inline-flex items-center gap-1.5 whitespace-nowrap ${className}`}
      data-testid="match-clock"
    >
      {period && <span data-testid="match-period">{period}</span>}
      {time && (
        <span aria-hidden="true" className="font-semibold tabular-nums" data-testid="match-time">
          {time}
        </span>
      )}
    </span>
  );
}
