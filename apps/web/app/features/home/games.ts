/** The game rows of the home page, read through `games.get` (spec §7); a missing catalogue is an empty row. */
import type { TApiClient } from '../../lib/api/client';

export interface TGameCard {
  sysname: string;
  name: string;
  image?: string;
  provider?: string;
}

export interface TGameRow {
  id: string;
  titleKey: string;
  title: string;
  to: string;
  games: TGameCard[];
}

export const GAME_ROWS = [
  { id: 'popular', titleKey: 'games.hall.popular', title: 'Popular', category: 'popular' },
  { id: 'new', titleKey: 'games.hall.new', title: 'New', category: 'new' },
  { id: 'live', titleKey: 'games.types.live', title: 'Live casino', category: 'live' },
] as const;

const toCard = (raw: Record<string, unknown>): TGameCard | undefined => {
  const sysname = typeof raw.sysname === 'string' ? raw.sysname : undefined;
  if (!sysname) return undefined;
  const description = (raw.description ?? {}) as Record<string, unknown>;
  const name = String(raw.name ?? description.name ?? sysname);
  const image = raw.image_url ?? description.img_288_192;
  const provider = typeof raw.provider === 'string' ? raw.provider : undefined;
  return { sysname, name, image: typeof image === 'string' ? image : undefined, provider };
};

export const loadGameRows = async (
  api: TApiClient,
  gamehallHref: (id: string) => string,
): Promise<TGameRow[]> =>
  Promise.all(
    GAME_ROWS.map(async (row) => {
      let games: TGameCard[] = [];
      try {
        // The operator's categories decide the rows, in their priority order (spec §7 games.get).
        const data = await api.get<unknown>('games.get', { offset: 0, count: 12, category: row.category });
        const list = Array.isArray(data) ? data : ((data as { items?: unknown[] })?.items ?? []);
        games = list.map((g) => toCard(g as Record<string, unknown>)).filter((g): g is TGameCard => !!g);
      } catch {
        games = [];
      }
      return { id: row.id, titleKey: row.titleKey, title: row.title, to: gamehallHref(row.id), games };
    }),
  );
