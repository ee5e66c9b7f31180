/**
 * The home page's live blocks (issue 41): the jackpot pools, the running (or next) tournament, the newest big wins
 * and a few sports events with their odds, read through the public calls and cut to what the blocks show (the page's
 * hydration data stays small). Each call is read on its own: one that fails leaves its block out, never the page.
 */
import type { TEventItem } from '@casino/contracts/calls/sportsbook';
import type { TApiClient } from '../../lib/api/client';
import { sharedValue } from '../../lib/site/shared-cache';
import type { TJackpot, TTournament, TWinner } from '../competitions/api/competitions-api';

export const HOME_JACKPOTS = 3;
export const HOME_WINNERS = 6;
export const HOME_EVENTS = 4;

export interface THomeJackpot {
  id: number;
  name: string;
  /** The pools together, major units with 6 decimals (the API's `amount_exact`). */
  amount: string;
  currency: string;
}

export interface THomeTournament {
  id: number;
  title: string;
  status: 'active' | 'future';
  /** Active: when it ends; future: when it starts (ISO 8601). */
  until: string;
  prize: number;
  currency: string;
}

export interface THomeWinner {
  id: string;
  /** Masked by the server ("jo***"). */
  player: string;
  sysname: string;
  game: string;
  win: number;
  currency: string;
}

export interface THomeOutcome {
  id: string;
  name: string;
  odds: number;
}

export interface THomeEvent {
  id: string;
  sport: string;
  tournament: string;
  home: string;
  away: string;
  live: boolean;
  start: string;
  score: string | null;
  outcomes: THomeOutcome[];
}

export interface THomeBlocks {
  jackpots: THomeJackpot[];
  tournament: THomeTournament | null;
  winners: THomeWinner[];
  events: THomeEvent[];
}

/**
 * Two columns from md; an odd last block takes the whole row (three blocks: no hole beside the third). The tracks
 * may shrink below a block's longest words (French and Spanish widened the page at 320 and 375 px without it).
 */
export const BLOCKS_GRID =
  'live-blocks mt-10 grid grid-cols-[minmax(0,1fr)] gap-4 md:grid-cols-[repeat(2,minmax(0,1fr))] md:[&>:last-child:nth-child(odd)]:col-span-2';

export const NO_BLOCKS: THomeBlocks = { jackpots: [], tournament: null, winners: [], events: [] };

export const hasBlocks = (blocks: THomeBlocks) =>
  blocks.jackpots.length > 0 ||
  blocks.tournament !== null ||
  blocks.winners.length > 0 ||
  blocks.events.length > 0;

const toJackpot = (jackpot: TJackpot): THomeJackpot => ({
  id: jackpot.id,
  name: jackpot.name,
  amount: jackpot.amount_exact || String(jackpot.amount),
  currency: jackpot.currency,
});

const toTournament = (tournament: TTournament | undefined): THomeTournament | null => {
  if (!tournament?.title) return null;
  const status = tournament.status;
  const until = status === 'active' ? tournament.ends_at : tournament.starts_at;
  if ((status !== 'active' && status !== 'future') || !until) return null;
  return {
    id: tournament.id,
    title: tournament.title,
    status,
    until,
    prize: tournament.total_prize ?? 0,
    currency: tournament.currency ?? '',
  };
};

const toWinner = (winner: TWinner): THomeWinner => ({
  id: winner.round_id,
  player: winner.player,
  sysname: winner.sysname,
  game: winner.game_name,
  win: winner.win,
  currency: winner.currency,
});

/** An event the block can show: two sides and an open main market with prices; else undefined. */
const toEvent = (event: TEventItem): THomeEvent | undefined => {
  const [home, away] = event.competitors;
  const market = event.main_market;
  if (!home || !away || !market || market.status !== 1) return undefined;
  if (event.status !== 'live' && event.status !== 'not_started') return undefined;
  const outcomes = market.outcomes.filter((o) => o.active && o.odds > 1);
  if (outcomes.length < 2) return undefined;
  return {
    id: event.id,
    sport: event.sport,
    tournament: event.tournament,
    home: home.name,
    away: away.name,
    live: event.status === 'live',
    start: event.start_time,
    score: event.score ? `${event.score.home}:${event.score.away}` : null,
    outcomes: outcomes.map((o) => ({ id: o.id, name: o.name, odds: o.odds })),
  };
};

const FIELDS = 'title,status,starts_at,ends_at,total_prize,currency';

/** The running tournament ending soonest, else the next one to start. */
const readTournament = async (api: TApiClient) => {
  const running = await api.get<{ items: TTournament[] }>('tournaments.get', {
    status: 'active',
    count: 1,
    fields: FIELDS,
  });
  const active = toTournament(running.items[0]);
  if (active) return active;
  const next = await api.get<{ items: TTournament[] }>('tournaments.get', {
    status: 'future',
    count: 1,
    fields: FIELDS,
  });
  return toTournament(next.items[0]);
};

/** The four blocks' data; a call that fails gives its block nothing (the others still show). */
export const readHomeBlocks = async (api: TApiClient): Promise<THomeBlocks> => {
  const [jackpots, tournament, winners, events] = await Promise.all([
    api
      .get<TJackpot[]>('Jackpots.get', {})
      .then((list) =>
        list
          .filter((j) => j.tiers.length > 0)
          .slice(0, HOME_JACKPOTS)
          .map(toJackpot),
      )
      .catch(() => []),
    readTournament(api).catch(() => null),
    api
      .get<TWinner[]>('leaderboard.live', { count: HOME_WINNERS })
      .then((list) => list.filter((w) => w.win > 0).map(toWinner))
      .catch(() => []),
    api
      .get<{ items: TEventItem[] }>('sportsbook.getEvents', { status: 'all', count: HOME_EVENTS * 3 })
      .then((data) =>
        data.items
          .map(toEvent)
          .filter((e): e is THomeEvent => e !== undefined)
          .slice(0, HOME_EVENTS),
      )
      .catch(() => []),
  ]);
  return { jackpots, tournament, winners, events };
};

/**
 * The blocks of a locale (market and outcome names come in it): alike for every visitor, so read once per
 * SHARED_TTL_MS by this server, as the game rows are; the pools and wins are at most that old on the first paint.
 */
export const sharedHomeBlocks = async (locale: string, api: TApiClient): Promise<THomeBlocks> =>
  (await sharedValue(`home-blocks:${locale}`, () => readHomeBlocks(api)).catch(() => undefined)) ?? NO_BLOCKS;
