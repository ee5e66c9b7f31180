/** The competitions calls as the site uses them (types from the contracts), for loaders and the browser. */
import type { TStandingRow, TTournament } from '@casino/contracts/calls/competitions';
import type { ZWinner } from '@casino/contracts/calls/games-play';
import type { TJackpot, TJackpotWinner } from '@casino/contracts/calls/jackpots';

import type { z } from 'zod';

export type TWinner = z.output<typeof ZWinner>;
export type { TJackpot, TJackpotWinner, TStandingRow, TTournament };

export interface TApiGet {
  get<T>(name: string, params?: Record<string, string | number | undefined>): Promise<T>;
}

export const TOURNAMENT_TABS = ['active', 'future', 'finished'] as const;
export type TTournamentTab = (typeof TOURNAMENT_TABS)[number];

export const getTournaments = (
  api: TApiGet,
  params: { status?: string; ids?: string; count?: number; fields?: string },
) => api.get<{ items: TTournament[]; count: number }>('tournaments.get', params);

export const getLeaderboard = (api: TApiGet, tournamentId: number, count = 20) =>
  api.get<{ tournament_id: number; items: TStandingRow[]; count: number; me: TStandingRow | null }>(
    'leaderboard.get',
    { tournament_id: tournamentId, count },
  );

export const getJackpots = (api: TApiGet, id?: number) =>
  api.get<TJackpot[]>('Jackpots.get', id ? { id } : {});

export const getJackpotWinners = (api: TApiGet, jackpotId?: number, count = 20) =>
  api.get<{ items: TJackpotWinner[]; count: number }>(
    'Jackpots.getWinners',
    jackpotId ? { jackpot_id: jackpotId, count } : { count },
  );

export const getLiveWins = (api: TApiGet, count = 20) => api.get<TWinner[]>('leaderboard.live', { count });
export const getTopWins = (api: TApiGet, period: 'day' | 'week' | 'month', count = 10) =>
  api.get<TWinner[]>('leaderboard.top', { period, count });
