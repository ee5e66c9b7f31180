/** An event in a list: teams, time or score, and its main market's prices. */
import type { TEventItem } from '@casino/contracts/calls/sportsbook';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { outcomeLabel } from '../names';
import { OddsButton } from './odds-button';

/** The list's columns: 1 X 2 for the match result, 1 2 for a two-way winner. */
const SHORT_LABELS: Record<number, Record<string, string>> = {
  1: { '1': '1', '2': 'X', '3': '2' },
  186: { '4': '1', '5': '2' },
  219: { '4': '1', '5': '2' },
};

export function EventCard({ event }: { event: TEventItem }) {
  const { t, i18n } = useTranslation();
  const [home, away] = event.competitors;
  const live = event.status === 'live' || event.status === 'suspended';
  const name = event.competitors.map((c) => c.name).join(' – ');
  const market = event.main_market;
  const start = new Date(event.start_time);
  return (
    <article
      data-testid="event-card"
      data-event-id={event.id}
      className="flex flex-col gap-2 rounded-xl border border-[var(--line)] bg-[var(--surface)] p-3 md:flex-row md:items-center"
    >
      <LocaleLink to={paths.bettingEvent(event.id)} className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-center gap-2 text-xs text-[var(--text-muted)]">
          {live ? (
            <span className="rounded bg-rose-600 px-1.5 py-0.5 text-[10px] font-bold uppercase text-white">
              {t('betting.live', { defaultValue: 'Live' })}
            </span>
          ) : (
            <time dateTime={event.start_time} suppressHydrationWarning>
              {start.toLocaleString(i18n.language, { weekday: 'short', hour: '2-digit', minute: '2-digit' })}
            </time>
          )}
          <span className="truncate">{event.tournament}</span>
        </span>
        <span className="flex items-center justify-between gap-2 font-medium text-[var(--text-strong)]">
          <span className="truncate">{home?.name}</span>
          {event.score && <span className="tabular-nums">{event.score.home}</span>}
        </span>
        <span className="flex items-center justify-between gap-2 font-medium text-[var(--text-strong)]">
          <span className="truncate">{away?.name}</span>
          {event.score && <span className="tabular-nums">{event.score.away}</span>}
        </span>
      </LocaleLink>
      {market && (
        <div className="flex gap-1.5 md:w-[45%]">
          {market.outcomes.map((o) => (
            <OddsButton
              key={o.id}
              active={o.active && market.status === 1}
              label={SHORT_LABELS[market.id]?.[o.id] ?? outcomeLabel(t, market.id, market.specifiers, o)}
              selection={{
                event_id: event.id,
                event_name: name,
                market_id: market.id,
                specifiers: market.specifiers,
                market_name: market.name,
                outcome_id: o.id,
                outcome_name: outcomeLabel(t, market.id, market.specifiers, o),
                odds: o.odds,
                live,
              }}
            />
          ))}
        </div>
      )}
    </article>
  );
}
