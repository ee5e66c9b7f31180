/**
 * The home page's live blocks as they render (live-blocks.ts reads their data): jackpot pools, the tournament with
 * its time left, the newest big wins and sports events with their odds. A lazy chunk: the server renders it into
 * the page, the browser loads it after hydration (home-page.tsx keeps the server's HTML until then).
 */
import type { TJackpot } from '@casino/contracts/calls/jackpots';
import { useEffect, useState } from 'react';
import { paths } from '../../config/paths';
import { api } from '../../lib/api/browser';
import { DateTime } from '../../lib/date-time';
import { formatAmount } from '../../lib/format';
import { useTranslation } from '../../lib/i18n-lite';
import { countdown, poolMoney } from '../competitions/lib/format';
import { useNow } from '../competitions/lib/use-now';
import { LocaleLink } from '../frame/locale-link';
import {
  BLOCKS_GRID,
  type THomeBlocks,
  type THomeEvent,
  type THomeJackpot,
  type THomeTournament,
  type THomeWinner,
} from './live-blocks';

/** How often the browser reads the pools again while the page is open (each read is the real pool). */
export const POOL_REFRESH_MS = 15_000;

/**
 * A block's list: one track that may shrink below its rows' text (a row's names truncate; without it a long match
 * name widened the list past its card at 375 px).
 */
const LIST = 'grid grid-cols-[minmax(0,1fr)] gap-2';

type TT = ReturnType<typeof useTranslation>['t'];

function BlockHead({ id, title, to, more }: { id: string; title: string; to: string; more: string }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-2">
      <h2 id={id} className="text-lg font-bold text-[var(--text-strong)]">
        {title}
      </h2>
      <LocaleLink to={to} className="shrink-0 text-sm font-semibold text-[var(--accent)]">
        {more}
      </LocaleLink>
    </div>
  );
}

/** The pools as the server read them, then as the jackpots call answers every POOL_REFRESH_MS. */
const usePools = (initial: THomeJackpot[]) => {
  const [pools, setPools] = useState(initial);
  useEffect(() => {
    setPools(initial);
    if (initial.length === 0) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      api
        .get<TJackpot[]>('Jackpots.get', {})
        .then((list) => {
          const byId = new Map(list.map((j) => [j.id, j]));
          setPools((current) =>
            current.map((pool) => {
              const fresh = byId.get(pool.id);
              return fresh ? { ...pool, amount: fresh.amount_exact || String(fresh.amount) } : pool;
            }),
          );
        })
        // A failed read keeps the last pools: the block never breaks for it.
        .catch(() => undefined);
    }, POOL_REFRESH_MS);
    return () => clearInterval(timer);
  }, [initial]);
  return pools;
};

function Jackpots({ jackpots, t }: { jackpots: THomeJackpot[]; t: TT }) {
  const pools = usePools(jackpots);
  return (
    <section aria-labelledby="home-jackpots" className="card p-5" data-testid="home-jackpots">
      <BlockHead
        id="home-jackpots"
        title={t('home.blocks.jackpots', { defaultValue: 'Jackpots' })}
        to={paths.jackpots}
        more={t('common.buttons.showAll', { defaultValue: 'Show all' })}
      />
      <ul className={LIST}>
        {pools.map((pool) => (
          <li key={pool.id}>
            <LocaleLink
              to={paths.jackpot(pool.id)}
              className="flex items-baseline justify-between gap-3 rounded-xl bg-[var(--surface)] px-3 py-2"
            >
              <span dir="auto" className="truncate text-sm text-[var(--text-muted)]">
                {pool.name}
              </span>
              <span
                dir="ltr"
                className="shrink-0 text-lg font-extrabold tabular-nums text-[var(--text-strong)]"
                data-testid="home-jackpot-amount"
              >
                {poolMoney(pool.amount, pool.currency).main}
              </span>
            </LocaleLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Tournament({ tournament, serverNow, t }: { tournament: THomeTournament; serverNow: number; t: TT }) {
  const now = useNow(serverNow);
  const ms = Math.max(0, Date.parse(tournament.until) - now);
  const days = Math.floor(ms / 86_400_000);
  // The clock part alone ("03:04:05"); the days are words of the page's language, isolated from the digits.
  const clock = countdown(ms % 86_400_000);
  const active = tournament.status === 'active';
  return (
    <section aria-labelledby="home-tournament" className="card p-5" data-testid="home-tournament">
      <BlockHead
        id="home-tournament"
        title={
          active
            ? t('home.blocks.tournamentNow', { defaultValue: 'Tournament now' })
            : t('home.blocks.tournamentNext', { defaultValue: 'Next tournament' })
        }
        to={paths.tournaments}
        more={t('common.buttons.showAll', { defaultValue: 'Show all' })}
      />
      <p dir="auto" className="truncate text-base font-bold text-[var(--text-strong)]">
        {tournament.title}
      </p>
      <dl className="mt-3 grid grid-cols-[repeat(2,minmax(0,1fr))] gap-3 text-sm">
        <div>
          <dt className="text-[var(--text-muted)]">
            {t('home.blocks.prizePool', { defaultValue: 'Prize pool' })}
          </dt>
          <dd
            dir="ltr"
            className="text-lg font-extrabold tabular-nums text-[var(--text-strong)] rtl:text-end"
          >
            {formatAmount(tournament.prize, tournament.currency)}
          </dd>
        </div>
        <div>
          <dt className="text-[var(--text-muted)]">
            {active
              ? t('home.blocks.endsIn', { defaultValue: 'Ends in' })
              : t('home.blocks.startsIn', { defaultValue: 'Starts in' })}
          </dt>
          <dd
            className="text-lg font-extrabold tabular-nums text-[var(--text-strong)]"
            data-testid="home-tournament-left"
          >
            {days > 0 && <bdi>{t('home.blocks.days', { count: days, defaultValue: '{count}d' })}</bdi>}{' '}
            <bdi dir="ltr">{clock}</bdi>
          </dd>
        </div>
      </dl>
      <LocaleLink to={paths.tournament(tournament.id)} className="btn btn-primary mt-4">
        {active
          ? t('home.blocks.join', { defaultValue: 'Take part' })
          : t('home.blocks.details', { defaultValue: 'See the details' })}
      </LocaleLink>
    </section>
  );
}

function Winners({ winners, t }: { winners: THomeWinner[]; t: TT }) {
  return (
    <section aria-labelledby="home-winners" className="card p-5" data-testid="home-winners">
      <BlockHead
        id="home-winners"
        title={t('home.blocks.winners', { defaultValue: 'Recent big wins' })}
        to={paths.winners}
        more={t('common.buttons.showAll', { defaultValue: 'Show all' })}
      />
      <ul className={LIST}>
        {winners.map((winner) => (
          <li key={winner.id} className="flex items-center justify-between gap-3 py-1 text-sm">
            <span className="min-w-0">
              <span
                dir="auto"
                className="block truncate font-semibold text-[var(--text-strong)]"
                data-testid="home-winner-name"
              >
                {winner.player}
              </span>
              <LocaleLink
                to={paths.game(winner.sysname)}
                dir="auto"
                className="block truncate text-xs text-[var(--accent)]"
              >
                {winner.game}
              </LocaleLink>
            </span>
            <span dir="ltr" className="shrink-0 font-extrabold tabular-nums text-[var(--accent)]">
              {formatAmount(winner.win, winner.currency)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SportEvent({ event, t }: { event: THomeEvent; t: TT }) {
  const to = paths.bettingEvent(event.id);
  return (
    <li className="min-w-0 rounded-xl bg-[var(--surface)] p-3">
      <div className="flex items-center justify-between gap-2 text-xs text-[var(--text-muted)]">
        <span dir="auto" className="truncate">
          {event.tournament}
        </span>
        {event.live ? (
          <span className="flex shrink-0 gap-1 font-bold text-rose-400">
            <span>{t('home.blocks.live', { defaultValue: 'Live' })}</span>
            {event.score && <bdi dir="ltr">{event.score}</bdi>}
          </span>
        ) : (
          <DateTime when={event.start} dir="ltr" className="shrink-0" />
        )}
      </div>
      <LocaleLink
        to={to}
        dir="auto"
        className="mt-1 block truncate text-sm font-semibold text-[var(--text-strong)]"
      >
        {event.home} – {event.away}
      </LocaleLink>
      {/* Tracks that may shrink below their text (the names truncate): three prices fit a 375 px screen. */}
      <div className="mt-2 grid auto-cols-[minmax(0,1fr)] grid-flow-col gap-2">
        {event.outcomes.map((outcome) => (
          <LocaleLink
            key={outcome.id}
            to={to}
            className="flex min-h-10 min-w-0 items-center justify-between gap-1 rounded-lg border border-[var(--line)] px-2 text-xs"
          >
            {/* Heard, not seen: which match the price is of (the name is the link's text, no label to differ). */}
            <span className="sr-only">
              {event.home} – {event.away}:{' '}
            </span>
            <span dir="auto" className="truncate text-[var(--text-muted)]">
              {outcome.name}
            </span>{' '}
            <span dir="ltr" className="font-bold tabular-nums text-[var(--text-strong)]">
              {outcome.odds.toFixed(2)}
            </span>
          </LocaleLink>
        ))}
      </div>
    </li>
  );
}

function Sports({ events, t }: { events: THomeEvent[]; t: TT }) {
  return (
    <section aria-labelledby="home-sports" className="card @container p-5" data-testid="home-sports">
      <BlockHead
        id="home-sports"
        title={t('home.blocks.sports', { defaultValue: 'Sports' })}
        to={paths.betting}
        more={t('common.buttons.showAll', { defaultValue: 'Show all' })}
      />
      <ul className={`${LIST} @2xl:grid-cols-2`}>
        {events.map((event) => (
          <SportEvent key={event.id} event={event} t={t} />
        ))}
      </ul>
    </section>
  );
}

/** The blocks that have something to show; none: nothing at all. The element's id keeps the server's HTML. */
export function LiveBlocksView({ blocks, now }: { blocks: THomeBlocks; now: number }) {
  const { t } = useTranslation();
  return (
    <div className={BLOCKS_GRID} data-server-html="live-blocks">
      {blocks.jackpots.length > 0 && <Jackpots jackpots={blocks.jackpots} t={t} />}
      {blocks.tournament && <Tournament tournament={blocks.tournament} serverNow={now} t={t} />}
      {blocks.winners.length > 0 && <Winners winners={blocks.winners} t={t} />}
      {blocks.events.length > 0 && <Sports events={blocks.events} t={t} />}
    </div>
  );
}

export default LiveBlocksView;
