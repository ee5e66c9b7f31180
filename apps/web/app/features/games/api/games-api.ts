/**
 * The games calls the site makes (spec §7), typed by their contracts (type-only imports: no schema code
 * reaches the browser), with their TanStack Query options.
 */

import type { ZGetToken } from '@casino/contracts/calls/account';
import type {
  TGame,
  ZAddLike,
  ZGamesGet,
  ZGetCategories,
  ZGetLikes,
  ZGetProviders,
  ZRemoveLike,
} from '@casino/contracts/calls/games';
import type {
  ZGetFairness,
  ZGetFreespinsPacks,
  ZGetLiveRound,
  ZGetRound,
  ZPlay,
  ZRotateSeed,
} from '@casino/contracts/calls/games-play';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/browser';
import { callRef, type TApiClient } from '../../../lib/api/client';

export const GAMES_CALLS = {
  list: callRef<typeof ZGamesGet>('games.get', 'GET'),
  providers: callRef<typeof ZGetProviders>('games.getProviders', 'GET'),
  categories: callRef<typeof ZGetCategories>('games.getCategories', 'GET'),
  likes: callRef<typeof ZGetLikes>('games.getLikes', 'GET'),
  addLike: callRef<typeof ZAddLike>('games.addLike', 'POST'),
  removeLike: callRef<typeof ZRemoveLike>('games.removeLike', 'POST'),
  fairness: callRef<typeof ZGetFairness>('games.getFairness', 'GET'),
  rotateSeed: callRef<typeof ZRotateSeed>('games.rotateSeed', 'POST'),
  play: callRef<typeof ZPlay>('games.play', 'POST'),
  round: callRef<typeof ZGetRound>('games.getRound', 'GET'),
  liveRound: callRef<typeof ZGetLiveRound>('games.getLiveRound', 'GET'),
  freespins: callRef<typeof ZGetFreespinsPacks>('games.getFreespinsPacks', 'GET'),
  token: callRef<typeof ZGetToken>('account.getToken', 'GET'),
};

export type TGameItem = Partial<TGame> & { sysname: string };

/** The list fields a tile needs (keeps answers small). */
export const TILE_FIELDS = [
  'sysname',
  'name',
  'provider',
  'type',
  'layout',
  'image_url',
  'description',
  'has_demo',
];

export interface TGamesQuery {
  category?: string;
  providers?: string[];
  query?: string;
  types?: string[];
  sysnames?: string[];
  liked?: boolean;
  offset?: number;
  count: number;
  sort?: string;
}

/** Params of games.get as the API wants them (lists joined, options as JSON text). */
export const gamesParams = (q: TGamesQuery) => ({
  offset: q.offset ?? 0,
  count: q.count,
  fields: TILE_FIELDS.join(','),
  category: q.category || undefined,
  providers: q.providers?.length ? q.providers.join(',') : undefined,
  query: q.query?.trim() || undefined,
  types: q.types?.length ? q.types.join(',') : undefined,
  sysnames: q.sysnames?.length ? q.sysnames.join(',') : undefined,
  sort_options: q.sort,
  options: q.liked ? JSON.stringify({ liked: true }) : undefined,
});

export const fetchGames = (q: TGamesQuery, client: TApiClient = api) =>
  client.get<{ items: TGameItem[]; total: number }>('games.get', gamesParams(q));

export const gamesQuery = (q: TGamesQuery) =>
  queryOptions({ queryKey: ['games', 'list', q], queryFn: () => fetchGames(q) });

export const providersQuery = () =>
  queryOptions({
    queryKey: ['games', 'providers'],
    queryFn: () => api.call(GAMES_CALLS.providers, { fields: 'game_params' }),
    staleTime: 5 * 60_000,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['games', 'categories'],
    queryFn: () => api.call(GAMES_CALLS.categories, {}),
    staleTime: 5 * 60_000,
  });

export const likesQueryKey = ['games', 'likes'] as const;
export const likesQuery = (enabled: boolean) =>
  queryOptions({
    queryKey: likesQueryKey,
    queryFn: () => api.call(GAMES_CALLS.likes, {}),
    enabled,
    staleTime: 60_000,
  });

export const fairnessQueryKey = ['games', 'fairness'] as const;
export const fairnessQuery = () =>
  queryOptions({ queryKey: fairnessQueryKey, queryFn: () => api.call(GAMES_CALLS.fairness, {}) });

export interface TCategory {
  id: string;
  name: string;
  image_url: string;
  priority: number;
  games_count: number;
}
