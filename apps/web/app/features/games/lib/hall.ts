/**
 * The game hall's URL state and paging. Spec §9 constants: 18 is the page size ("show more" adds 18), 300 the
 * largest list one request may ask for — a page restored from the URL (`?page=4`) is fetched in one request of
 * min(18 × page, 300) items, so a shared link shows what its sender saw without 4 round trips.
 */
// Not from calls/games: that module builds the games calls' zod schemas when it loads (~25 KB gzip of zod).
import { GAMES_MAX_PAGE_SIZE, GAMES_PAGE_SIZE } from '@casino/contracts/games-paging';
import { breakpointSrcSet } from '../../../lib/images';
import type { TGameItem } from '../api/games-api';

export { GAMES_MAX_PAGE_SIZE, GAMES_PAGE_SIZE };

/** Games per category row in the categories view. */
export const HALL_ROW_SIZE = 12;
/**
 * The rows of a phone's or a laptop's first screen: the server draws them and sends their games; a row below comes
 * with its category only and asks for its games as the player nears it (docs/decisions/034 and 069).
 */
export const HALL_DRAWN_ROWS = 3;

/** The favourites list is a category of its own in the hall (games.get options.liked). */
export const FAVOURITES = 'favourites';

export interface THallState {
  /** Spec §9 gamehall types: categories (rows) when nothing is filtered, items (a grid) otherwise. */
  view: 'categories' | 'items';
  category: string;
  providers: string[];
  page: number;
}

export const readHallState = (search: URLSearchParams): THallState => {
  const category = (search.get('category') ?? '').trim();
  const providers = (search.get('providers') ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const page = Math.max(1, Math.min(Number.parseInt(search.get('page') ?? '1', 10) || 1, maxPage()));
  return { view: category || providers.length ? 'items' : 'categories', category, providers, page };
};

export const maxPage = () => Math.floor(GAMES_MAX_PAGE_SIZE / GAMES_PAGE_SIZE);

/** How many items the first request of a page asks for. */
export const firstRequestCount = (page: number) => Math.min(GAMES_PAGE_SIZE * page, GAMES_MAX_PAGE_SIZE);

/** The search of a hall URL: providers joined by commas (spec §2), empty parts left out. */
export const hallSearch = (state: Partial<THallState>) => {
  const params = new URLSearchParams();
  if (state.category) params.set('category', state.category);
  if (state.providers?.length) params.set('providers', state.providers.join(','));
  if (state.page && state.page > 1) params.set('page', String(state.page));
  const text = params.toString().replace(/%2C/g, ',');
  return text ? `?${text}` : '';
};

export const toggleProvider = (providers: string[], sysname: string) =>
  providers.includes(sysname) ? providers.filter((p) => p !== sysname) : [...providers, sysname];

/** Appends a page, dropping any game already listed (the list may shift between requests). */
export const appendPage = (current: TGameItem[], next: TGameItem[]) => {
  const seen = new Set(current.map((g) => g.sysname));
  return [...current, ...next.filter((g) => !seen.has(g.sysname))];
};

/** How wide a tile shows at each width of the page (the grids of games.css: 2/3/4/6 and 3/4/6/8 columns). */
export const TILE_SIZES = {
  horizontal: '(min-width: 1280px) 17vw, (min-width: 992px) 25vw, (min-width: 640px) 33vw, 50vw',
  vertical: '(min-width: 1280px) 13vw, (min-width: 992px) 17vw, (min-width: 640px) 25vw, 34vw',
} as const;

/**
 * A hall row's tiles (games.css .gm-row: 42% of the row on a phone, 4 and 6 to a row above): narrower than the
 * grid's, so a phone takes the 320 px art (about a third of the 640's bytes) for the row tiles of its first screen.
 */
export const ROW_TILE_SIZES = '(min-width: 1280px) 16vw, (min-width: 640px) 24vw, 40vw';

/**
 * The tile image for a layout: the horizontal 288×192 art or the vertical 192×256 one; `srcSet` over the spec §9
 * breakpoints for `/_ipx/` art (else densities 1 and 2), with the tile's `sizes`.
 */
export const tileImage = (game: TGameItem, layout: 'horizontal' | 'vertical', inRow = false) => {
  const base = game.description?.img_288_192 || game.image_url || '';
  if (!base) return null;
  if (layout === 'horizontal')
    return {
      src: base,
      srcSet: breakpointSrcSet(base) ?? `${base} 1x, ${base.replace('s_288x192', 's_576x384')} 2x`,
      sizes: inRow ? ROW_TILE_SIZES : TILE_SIZES.horizontal,
      w: 288,
      h: 192,
    };
  const vertical =
    game.layout === 'vertical' && game.image_url
      ? game.image_url
      : base.replace(/s_\d+x\d+/, 's_192x256').replace(/(-vertical)?\.svg$/, '-vertical.svg');
  return {
    src: vertical,
    srcSet: breakpointSrcSet(vertical) ?? `${vertical} 1x, ${vertical.replace(/s_\d+x\d+/, 's_384x512')} 2x`,
    sizes: TILE_SIZES.vertical,
    w: 192,
    h: 256,
  };
};
