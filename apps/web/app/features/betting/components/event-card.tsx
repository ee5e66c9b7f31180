/**
 * An event in a list: teams, time or the live score and clock, and its main markets (result, total, handicap). As
 * wide as the card allows (a container query, not the window: the slip takes a column on desktops): the three
 * markets in aligned columns under the teams on a wide card; on a phone the result only, the others one tap away
 * on the event's page.
 */
import type { TEventItem, TMarket } from '@casino/contracts/calls/sportsbook';
import { paths } from '../../../config/paths';
import { DateTime } from '../../../lib/date-time';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { MatchClock } from './match-clock';
import { OddsButton } from './odds-button';

/** The result columns: 1 X 2 for a three-way result, 1 2 for a two-way winner. */
const RESULT_LABELS: Record<string, string> = { '1': '1', '2': 'X', '3': '2', '4': '1', '5': '2' };

type TKind = 'result' | 'total' | 'handicap';
const KINDS: TKind[] = ['result', 'total', 'handicap'];

/** Over/under outcomes make a total, the two handicap outcomes a handicap; anything else is the result. */
const kindOf = (market: TMarket): TKind => {
  const ids = market.outcomes.map((o) => o.id);
  if (ids.includes('12') || ids.includes('13')) return 'total';
  if (ids.includes('1714') || ids.includes('1715')) return 'handicap';
  return 'result';
};

const hcpOf = (specifiers: string) =>
  specifiers
    .split('|')
    .map((p) => p.split('='))
    .find(([k]) => k === 'hcp')?.[1] ?? '';
const signed = (v: string) => (v.startsWith('-') || v.startsWith('+') ? v : `+${v}`);
const negated = (v: string) => (v.startsWith('-') ? `+${v.slice(1)}` : `-${v.replace(/^\+/, '')}`);

/** A short label that fits a list's button: 1 X 2, the total's outcome as named, "1 (-1.5)" for a handicap. */
const shortLabel = (kind: TKind, market: TMarket, outcome: TMarket['outcomes'][number]) => {
  if (kind === 'result') return RESULT_LABELS[outcome.id] ?? outcome.name;
  if (kind === 'handicap') {
    const hcp = hcpOf(market.specifiers);
    if (!hcp) return outcome.name;
    return outcome.id === '1714' ? `1 (${signed(hcp)})` : `2 (${negated(hcp)})`;
  }
  return outcome.name;
};

export function EventCard({ event }: { event: TEventItem }) {
  const { t } = useTranslation();
  const [home, away] = event.competitors;
  const live = event.status === 'live' || event.status === 'suspended';
  const name = event.competitors.map((c) => c.name).join(' – ');
  const markets = event.main_markets ?? (event.main_market ? [event.main_market] : []);
  const byKind = new Map<TKind, TMarket>();
  for (const market of markets) if (!byKind.has(kindOf(market))) byKind.set(kindOf(market), market);
  const group = (kind: TKind) => {
    const market = byKind.get(kind);
    if (!market)
      return <div key={kind} aria-hidden="true" className={kind === 'result' ? '' : 'hidden @xl:block'} />;
    return (
      <fieldset
        key={kind}
        data-testid="list-market"
        data-market-id={market.id}
        className={`min-w-0 flex-col gap-1 ${kind === 'result' ? 'flex' : 'hidden @xl:flex'}`}
      >
        <legend className="sr-only">{market.name}</legend>
        <span aria-hidden="true" className="hidden truncate text-[11px] text-[var(--text-muted)] @xl:block">
          {market.name}
        </span>
        <div className="flex gap-1.5">
          {market.outcomes.map((o) => (
            <OddsButton
              key={o.id}
              active={o.active && market.status === 1}
              label={shortLabel(kind, market, o)}
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
          ))}
        </div>
      </fieldset>
    );
  };
  return (
    <article
      data-testid="event-card"
      data-event-id={event.id}
      className="@container rounded-xl border border-[var(--line)] bg-[var(--surface)] p-3"
    >
      <div className="flex flex-col gap-2">
        <LocaleLink to={paths.bettingEvent(event.id)} className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex min-w-0 items-center gap-2 text-xs text-[var(--text-muted)]">
            {live ? (
              <>
                <span className="shrink-0 rounded bg-rose-600 px-1.5 py-0.5 text-[10px] font-bold uppercase text-white">
                  {t('betting.live', { defaultValue: 'Live' })}
                </span>
                {event.clock && <MatchClock clock={event.clock} className="text-rose-400" />}
              </>
            ) : (
              <DateTime when={event.start_time} />
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
        {markets.length > 0 && (
          <div className="flex items-end gap-1.5 @xl:grid @xl:grid-cols-[3fr_2fr_2fr] @xl:gap-3">
            <div className="min-w-0 flex-1">{group('result')}</div>
            {KINDS.slice(1).map(group)}
            <LocaleLink
              to={paths.bettingEvent(event.id)}
              data-testid="more-markets"
              className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-[var(--line)] text-lg text-[var(--text-muted)] @xl:hidden"
            >
              <span aria-hidden="true" className="rtl:-scale-x-100">
                ›
              </span>
              <span className="sr-only">{t('betting.allMarkets', { defaultValue: 'All markets' })}</span>
            </LocaleLink>
          </div>
        )}
      </div>
    </article>
  );
}
