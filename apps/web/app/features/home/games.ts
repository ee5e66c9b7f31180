/** The game rows of the home page, read through `games.get` (spec §7); a missing catalogue is an empty row. */
import type { TApiClient } from '../../lib/api/client';
import { sharedValue } from '../../lib/site/shared-cache';
import { SEED_CATEGORY_KEYS, seedCategoryKey } from '../games/lib/category-name';

export interface TGameCard {
  sysname: string;
  name: string;
  image?: string;
  provider?: string;
}

export interface TGameRow {
  id: string;
  titleKey: string;
  /** In the page's locale (translated by the loader: the page does not bring the games namespace). */
  title: string;
  to: string;
  games: TGameCard[];
}

/** What an empty row says (translated by the loader with the row titles). */
export const EMPTY_ROW_KEY = 'games.hall.nothingFound';
export const EMPTY_ROW_TEXT = 'No games found';

/** The row titles and the empty-row text in the page's locale; the code's English where a text is missing. */
export const translateRows = (rows: TGameRow[], texts: Record<string, string | undefined>) => ({
  rows: rows.map((row) => ({ ...row, title: texts[row.titleKey] ?? row.title })),
  emptyText: texts[EMPTY_ROW_KEY] ?? EMPTY_ROW_TEXT,
});

export const GAME_ROWS = [
  { id: 'popular', titleKey: 'games.hall.popular', title: 'Popular', category: 'popular' },
  { id: 'new', titleKey: 'games.hall.new', title: 'New', category: 'new' },
  { id: 'live', titleKey: 'games.types.live', title: 'Live casino', category: 'live' },
] as const;

export const ROW_TEXT_KEYS = [...GAME_ROWS.map((row) => row.titleKey), ...SEED_CATEGORY_KEYS, EMPTY_ROW_KEY];

const toCard = (raw: Record<string, unknown>): TGameCard | undefined => {
  const sysname = typeof raw.sysname === 'string' ? raw.sysname : undefined;
  if (!sysname) return undefined;
  const description = (raw.description ?? {}) as Record<string, unknown>;
  const name = String(raw.name ?? description.name ?? sysname);
  // A card's art is 3:2: the horizontal tile, not image_url, which is a vertical game's 3:4 art (spec §3).
  const image = description.img_288_192 ?? raw.image_url;
  const provider = typeof raw.provider === 'string' ? raw.provider : undefined;
  return { sysname, name, image: typeof image === 'string' ? image : undefined, provider };
};

export const loadGameRows = async (
  api: TApiClient,
  gamehallHref: (id: string) => string,
): Promise<TGameRow[]> => (await readGameRows(api, gamehallHref)).rows;

/** Provider sysname → the name the hall shows (games.get answers the sysname only). */
const readProviderNames = async (api: TApiClient): Promise<Map<string, string> | null> => {
  try {
    const list = await api.get<{ sysname: string; name: string }[]>('games.getProviders', {});
    return new Map(list.map((p) => [p.sysname, p.name]));
  } catch {
    return null;
  }
};

interface THomeCategory {
  id: string;
  name: string;
  home_position?: number | null;
}

/**
 * The rows the operator chose, in their order (games.getCategories' home_position; the back-office sets it): a known
 * row keeps its translated title, any other category is titled by its name. Without the list, the default rows.
 */
const readRowList = async (api: TApiClient) => {
  try {
    const categories = await api.get<THomeCategory[]>('games.getCategories', {});
    const rows = categories
      .filter((c) => typeof c.home_position === 'number')
      .sort((a, b) => Number(a.home_position) - Number(b.home_position))
      .map((c) => {
        const known = GAME_ROWS.find((row) => row.category === c.id);
        return known
          ? { id: known.id, titleKey: known.titleKey, title: known.title, category: c.id }
          : { id: c.id, titleKey: seedCategoryKey(c) ?? '', title: c.name, category: c.id };
      });
    return { rows, complete: true };
  } catch {
    return { rows: GAME_ROWS.map((row) => ({ ...row })), complete: false };
  }
};

const readGameRows = async (api: TApiClient, gamehallHref: (id: string) => string) => {
  const [names, list] = await Promise.all([readProviderNames(api), readRowList(api)]);
  let complete = list.complete && names !== null;
  const named = (card: TGameCard): TGameCard =>
    card.provider ? { ...card, provider: names?.get(card.provider) ?? card.provider } : card;
  const rows = await Promise.all(
    list.rows.map(async (row) => {
      let games: TGameCard[] = [];
      try {
        // The operator's categories decide the rows and their games, in the category's order (spec §7 games.get).
        const data = await api.get<unknown>('games.get', { offset: 0, count: 12, category: row.category });
        const list = Array.isArray(data) ? data : ((data as { items?: unknown[] })?.items ?? []);
        games = list
          .map((g) => toCard(g as Record<string, unknown>))
          .filter((g): g is TGameCard => !!g)
          .map(named);
      } catch {
        complete = false;
        games = [];
      }
      return { id: row.id, titleKey: row.titleKey, title: row.title, to: gamehallHref(row.id), games };
    }),
  );
  return { rows, complete };
};

/**
 * The rows of a locale: the same for every visitor (a category list does not depend on the player), so read
 * once per SHARED_TTL_MS by this server (three catalogue queries less per home page); a failed read is not kept.
 */
export const sharedGameRows = async (
  locale: string,
  api: TApiClient,
  gamehallHref: (id: string) => string,
): Promise<TGameRow[]> => {
  const kept = await sharedValue(`home-rows:${locale}`, async () => {
    const read = await readGameRows(api, gamehallHref);
    return read.complete ? read.rows : undefined;
  });
  return kept ?? loadGameRows(api, gamehallHref);
};
