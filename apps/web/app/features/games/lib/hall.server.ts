/** Server-only: the game hall's first render (categories with their rows, or the filtered items). */
import type { TApiClient } from '../../../lib/api/client';
import { fetchGames, type TCategory, type TGameItem } from '../api/games-api';
import type { TGamehallData, THallProvider } from '../components/gamehall-page';
import { FAVOURITES, firstRequestCount, readHallState } from './hall';

/** Games per category row in the categories view. */
export const ROW_SIZE = 12;
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
    const rows = await Promise.all(
      categories.map(async (category) => {
        const list = await fetchGames({ category: category.id, count: ROW_SIZE }, api).catch(() => ({
          items: [] as TGameItem[],
          total: 0,
        }));
        return { category, games: list.items };
      }),
    );
    return {
      categories,
      providers,
      rows: rows.filter((r) => r.games.length > 0),
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
