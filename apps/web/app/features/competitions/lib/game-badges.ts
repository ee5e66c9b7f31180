/**
 * Which running competitions a game takes part in: a tournament counts its named games, else its studios' games,
 * else every game, narrowed by its kinds; a jackpot is fed by its games (empty: all) of its kinds (empty: all),
 * but never by a game switched off for it (excluded_games).
 * The index is small (the active tournaments and the jackpots), loaded once per page by the route.
 */
import type { TJackpot, TTournament } from '../api/competitions-api';

export interface TBadgeTournament {
  id: number;
  title: string;
  games: string[];
  providers: string[];
  kinds: string[];
}

export interface TBadgeJackpot {
  id: number;
  name: string;
  amount: number;
  currency: string;
  games: string[];
  kinds: string[];
  /** Switched off for this jackpot in the back-office. */
  excluded: string[];
}

export interface TCompetitionIndex {
  tournaments: TBadgeTournament[];
  jackpots: TBadgeJackpot[];
}

export const EMPTY_INDEX: TCompetitionIndex = { tournaments: [], jackpots: [] };

export interface TBadgeGame {
  sysname: string;
  provider?: string;
  type?: string;
}

export const toCompetitionIndex = (tournaments: TTournament[], jackpots: TJackpot[]): TCompetitionIndex => ({
  tournaments: tournaments.map((t) => ({
    id: t.id,
    title: t.title ?? '',
    games: t.games ?? [],
    providers: t.restrictions?.providers ?? [],
    kinds: t.restrictions?.game_kinds ?? [],
  })),
  jackpots: jackpots.map((j) => ({
    id: j.id,
    name: j.name,
    amount: j.amount,
    currency: j.currency,
    games: j.games,
    kinds: j.game_kinds,
    excluded: j.excluded_games ?? [],
  })),
});

const ofKind = (kinds: string[], game: TBadgeGame) => kinds.length === 0 || kinds.includes(game.type ?? '');

export const tournamentCounts = (t: TBadgeTournament, game: TBadgeGame) =>
  (t.games.length > 0
    ? t.games.includes(game.sysname)
    : t.providers.length === 0 || t.providers.includes(game.provider ?? '')) && ofKind(t.kinds, game);

export const jackpotFeeds = (j: TBadgeJackpot, game: TBadgeGame) =>
  (j.games.length === 0 || j.games.includes(game.sysname)) &&
  ofKind(j.kinds, game) &&
  !j.excluded.includes(game.sysname);

export const competitionsOf = (index: TCompetitionIndex, game: TBadgeGame) => ({
  tournaments: index.tournaments.filter((t) => tournamentCounts(t, game)),
  jackpots: index.jackpots.filter((j) => jackpotFeeds(j, game)),
});
