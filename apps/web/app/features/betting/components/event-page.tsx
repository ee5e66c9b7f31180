/**
 * /betting/event/{id}: the event (a live one with its score, period and running clock) with every market the feed
 * offers, named as the API names it in the player's language, and the bet slip beside it.
 */
import type { TData } from '@casino/contracts/call';
import type { ZGetEvent } from '@casino/contracts/calls/sportsbook';
import { useQuery } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { DateTime } from '../../../lib/date-time';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { SPORTSBOOK_CALLS, sportsbookKeys } from '../api';
import { sportLabel } from '../names';
import { useOddsSocket } from '../use-odds-socket';
import { BetSlip } from './bet-slip';
import { MatchClock } from './match-clock';
import { OddsButton } from './odds-button';
import { OddsFormatSelect } from './odds-format-select';

export type TEventData = TData<typeof ZGetEvent>;

export function EventPage({ id, initial }: { id: string; initial: TEventData | null }) {
  const { t } = useTranslation();
  useOddsSocket(id);
  const query = useQuery({
    queryKey: sportsbookKeys.event(id),
    queryFn: () => api.call(SPORTSBOOK_CALLS.event, { id }).catch(() => null),
    initialData: initial,
    refetchInterval: 15_000,
  });
  const event = query.data;
  if (!event)
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-8">
        <h1 className="text-xl font-bold text-[var(--text-strong)]">
          {t('betting.eventGone', { defaultValue: 'This event is no longer available.' })}
        </h1>
        <LocaleLink to={paths.betting} className="text-[var(--accent)]">
          {t('betting.back', { defaultValue: 'Back to sports' })}
        </LocaleLink>
      </div>
    );
  const live = event.status === 'live' || event.status === 'suspended';
  const name = event.competitors.map((c) => c.name).join(' – ');
  const open = ['not_started', 'live', 'suspended'].includes(event.status);
  return (
    <div
      className="mx-auto grid w-full max-w-7xl gap-4 px-3 py-4 md:px-6 lg:grid-cols-[minmax(0,1fr)_22rem]"
      data-testid="event-page"
    >
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <LocaleLink to={paths.betting} className="text-sm text-[var(--accent)]">
            ← {t('betting.back', { defaultValue: 'Back to sports' })}
          </LocaleLink>
          <OddsFormatSelect />
        </div>
        <header className="rounded-xl border border-[var(--line)] bg-[var(--surface)] p-4">
          <p className="text-xs text-[var(--text-muted)]">
            {sportLabel(t, event.sport, event.sport)} · {event.tournament}
          </p>
          <h1 className="mt-1 text-xl font-bold text-[var(--text-strong)]">{name}</h1>
          {live ? (
            <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="event-live">
              <span className="inline-flex items-center gap-1.5 font-semibold text-rose-400">
                <span
                  aria-hidden="true"
                  className="size-2 rounded-full bg-rose-500 motion-safe:animate-pulse"
                />
                {t('betting.live', { defaultValue: 'Live' })}
              </span>
              {event.score && (
                <span
                  className="text-lg font-bold tabular-nums text-[var(--text-strong)]"
                  data-testid="event-score"
                >
                  <span aria-hidden="true">
                    {event.score.home} : {event.score.away}
                  </span>
                  <span className="sr-only">
                    {event.competitors[0]?.name} {event.score.home}, {event.competitors[1]?.name}{' '}
                    {event.score.away}
                  </span>
                </span>
              )}
              {event.clock && <MatchClock clock={event.clock} className="text-[var(--text)]" />}
            </p>
          ) : (
            <p className="mt-1 text-sm">
              {open ? (
                <DateTime when={event.start_time} />
              ) : (
                t(`betting.eventStatus.${event.status}`, { defaultValue: event.status })
              )}
            </p>
          )}
        </header>
        {event.markets.map((market) => (
          <section
            key={`${market.id}-${market.specifiers}`}
            className="rounded-xl border border-[var(--line)] bg-[var(--surface)] p-3"
            data-testid="market"
          >
            <h2 className="mb-2 flex items-center justify-between text-sm font-semibold text-[var(--text-strong)]">
              <span data-testid="market-name">{market.name}</span>
              {market.status !== 1 && (
                <span className="text-xs font-normal text-amber-400">
                  {t('betting.suspended', { defaultValue: 'Suspended' })}
                </span>
              )}
            </h2>
            <div
              className={
                market.outcomes.length > 3
                  ? 'grid grid-cols-[repeat(auto-fill,minmax(6.5rem,1fr))] gap-1.5'
                  : 'flex gap-1.5'
              }
            >
              {market.outcomes.map((o) => {
                return (
                  <OddsButton
                    key={o.id}
                    label={o.name}
                    active={o.active && market.status === 1 && open}
                    selection={{
                      event_id: event.id,
                      event_name: name,
                      market_id: market.id,
                      specifiers: market.specifiers,
                      market_name: market.name,
                      outcome_id: o.id,
                      outcome_name: o.name,
                      odds: o.odds,
                      live,
                    }}
                  />
                );
              })}
            </div>
          </section>
        ))}
      </div>
      <BetSlip />
    </div>
  );
}
