/**
 * Server-only: the game hall's first render — the categories with the first screen's rows of games (the rows below
 * carry their category only: the browser asks for their games as they near the viewport), or the filtered items.
 */
import type { TApiClient } from '../../../lib/api/client';
import { fetchGames, type TCategory, type TGameItem } from '../api/games-api';
import type { TGamehallData, THallProvider } from '../components/gamehall-page';
import { FAVOURITES, firstRequestCount, HALL_DRAWN_ROWS, HALL_ROW_SIZE, readHallState } from './hall';
/** Every kind a studio may make, except the sportsbook. */
export const HALL_TYPES = 'slot,casino,live,fast,logical,high_low';

type TRawProvider = {
  sysname: string;
  name: string;
  image_url?: string;
  game_params?: { games_count: number };
};

export const loadProviders = async (api: TApiClient): Promise<THallProvider[]> => {
  const list = await api
    .get<TRawProvider[]>('games.getProviders', { fields: 'game_params', types: HALL_TYPES })
    .catch(() => [] as TRawProvider[]);
  return list.map((p) => ({
    sysname: p.sysname,
    name: p.name,
    image_url: p.image_url,
    games_count: p.game_params?.games_count,
  }));
};

export const loadGamehall = async (api: TApiClient, search: URLSearchParams): Promise<TGamehallData> => {
  const state = readHallState(search);
  const [categories, providers] = await Promise.all([
    api.get<TCategory[]>('games.getCategories', {}).catch(() => [] as TCategory[]),
    loadProviders(api),
  ]);
  const layout = search.get('layout') === 'vertical' ? 'vertical' : 'horizontal';
  if (state.view === 'categories') {
    const listed = categories.filter((category) => category.games_count > 0);
    const drawn = await Promise.all(
      listed.slice(0, HALL_DRAWN_ROWS).map(async (category) => {
        const list = await fetchGames({ category: category.id, count: HALL_ROW_SIZE }, api).catch(() => ({
          items: [] as TGameItem[],
          total: 0,
        }));
        return { category, games: list.items };
      }),
    );
    const below = listed.slice(HALL_DRAWN_ROWS).map((category) => ({ category, games: [] as TGameItem[] }));
    return {
      categories,
      providers,
      rows: [...drawn.filter((r) => r.games.length > 0), ...below],
      items: [],
      total: 0,
      layout,
    };
  }
  const list = await fetchGames(
    {
      category: state.category === FAVOURITES ? undefined : state.category,
      liked: state.category === FAVOURITES,
      providers: state.providers,
      count: firstRequestCount(state.page),
    },
    api,
  ).catch(() => ({ items: [] as TGameItem[], total: 0 }));
  return { categories, providers, rows: [], items: list.items, total: list.total, layout };
};
