/**
 * The game hall (spec §2, §9 gamehall types): rows per category when nothing is filtered (the first screen's drawn
 * by the server, the rest as the player scrolls), otherwise a grid of items for `?category=` and/or
 * `?providers=a,b`, paged by "show more" (18 a page), with provider chips, skeletons while a filter loads and an
 * empty state.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { Icon } from '../../../ui/icons';
import { useAccount } from '../../account/use-account';
import { LocaleLink } from '../../frame/locale-link';
import { useLocaleHref } from '../../frame/use-site';
import { fetchGames, type TCategory, type TGameItem } from '../api/games-api';
import { useFirstInteraction } from '../hooks/use-first-interaction';
import { useHydrated } from '../hooks/use-hydrated';
import { useNearViewport } from '../hooks/use-near-viewport';
import { categoryName } from '../lib/category-name';
import {
  appendPage,
  FAVOURITES,
  GAMES_PAGE_SIZE,
  HALL_DRAWN_ROWS,
  HALL_ROW_SIZE,
  hallSearch,
  readHallState,
  toggleProvider,
} from '../lib/hall';
import { CategoryIcon } from './category-icon';
import { FIRST_SCREEN_TILES, GameGrid, GameTile, GameTilePlaceholder, type TTileLayout } from './game-tile';
import { openGamesSearch } from './open-games-search';
import { RowTitle } from './row-title';

export interface THallProvider {
  sysname: string;
  name: string;
  image_url?: string;
  games_count?: number;
}

export interface THallRow {
  category: TCategory;
  games: TGameItem[];
}

export interface TGamehallData {
  categories: TCategory[];
  providers: THallProvider[];
  rows: THallRow[];
  items: TGameItem[];
  total: number;
  layout: TTileLayout;
}

function CategoryBar({ categories, current }: { categories: TCategory[]; current: string }) {
  const { t } = useTranslation();
  const account = useAccount();
  return (
    <nav aria-label={t('games.hall.categories', { defaultValue: 'Categories' })} className="gm-scroll-x">
      <LocaleLink to={paths.gamehall.root} className="gm-chip" aria-current={current ? undefined : 'page'}>
        <Icon name="casino" className="size-4" />
        {t('games.hall.allGames', { defaultValue: 'All games' })}
      </LocaleLink>
      {account && (
        <LocaleLink
          to={paths.gamehall.category(FAVOURITES)}
          className="gm-chip"
          aria-current={current === FAVOURITES ? 'page' : undefined}
        >
          <span aria-hidden="true">♥</span>
          {t('games.hall.favourites', { defaultValue: 'Favourites' })}
        </LocaleLink>
      )}
      {categories.map((category) => (
        <LocaleLink
          key={category.id}
          to={paths.gamehall.category(category.id)}
          className="gm-chip"
          aria-current={current === category.id ? 'page' : undefined}
        >
          <CategoryIcon src={category.image_url} name={categoryName(t, category)} size={20} />
          {categoryName(t, category)}
        </LocaleLink>
      ))}
    </nav>
  );
}

function ProviderChips({ providers, selected }: { providers: THallProvider[]; selected: string[] }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const set = (next: string[]) => {
    const state = readHallState(params);
    setParams(new URLSearchParams(hallSearch({ category: state.category, providers: next })), {
      preventScrollReset: true,
    });
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of toggle chips, not a form fieldset
    <div
      className="gm-scroll-x"
      role="group"
      aria-label={t('games.hall.providers', { defaultValue: 'Providers' })}
      data-testid="provider-chips"
    >
      {providers.map((provider) => (
        <button
          key={provider.sysname}
          type="button"
          className="gm-chip"
          aria-pressed={selected.includes(provider.sysname)}
          onClick={() => set(toggleProvider(selected, provider.sysname))}
        >
          {provider.name}
          {provider.games_count !== undefined && (
            <span className="text-xs opacity-90 tabular-nums">{provider.games_count}</span>
          )}
        </button>
      ))}
      {selected.length > 0 && (
        <button type="button" className="gm-chip" onClick={() => set([])}>
          ✕ {t('games.hall.clearProviders', { defaultValue: 'Clear' })}
        </button>
      )}
    </div>
  );
}

/**
 * A phone's first screen shows two rows, and its largest paint is the first tile of either: their sizes differ by
 * a fraction of a pixel, so which one wins is chance (LCP). Both rows' first tiles load with the document.
 */
const FIRST_SCREEN_ROWS = 2;
/**
 * The server draws the rows of a phone's or a laptop's first screen (HALL_DRAWN_ROWS), seven tiles each (a wide
 * screen shows six); the rest, two thirds of the page, comes as the player uses it: a row below arrives with its
 * category only and asks for its games when it nears the viewport or a keyboard focus reaches it
 * (docs/decisions/034-game-hall-first-screen.md, 069-public-page-cache.md).
 */
const DRAWN_TILES = 7;

/** A row's games: those the server sent, else asked for once the row is to show (null while they come). */
function useRowGames(row: THallRow, wanted: boolean) {
  const [fetched, setFetched] = useState<TGameItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const sent = row.games.length > 0;
  useEffect(() => {
    if (sent || !wanted || failed || fetched) return;
    let live = true;
    fetchGames({ category: row.category.id, count: HALL_ROW_SIZE }).then(
      (list) => live && setFetched(list.items),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [sent, wanted, failed, fetched, row.category.id]);
  return { games: sent ? row.games : fetched, failed, retry: () => setFailed(false) };
}

function CategoryRow({
  row,
  layout,
  firstScreen,
  drawn,
  started,
}: {
  row: THallRow;
  layout: TTileLayout;
  firstScreen: boolean;
  drawn: boolean;
  /** The player has started to use the page (use-first-interaction.ts). */
  started: boolean;
}) {
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  const [focused, setFocused] = useState(false);
  const near = useNearViewport(section, { enabled: !drawn && !focused, lookAhead: started });
  const wanted = drawn || near || focused;
  const complete = started || focused;
  const loaded = useRowGames(row, wanted);
  const shown = wanted && loaded.games !== null;
  const all = loaded.games ?? [];
  const games = complete ? all : all.slice(0, DRAWN_TILES);
  // Still tiles where the games will be: as many as the row will show.
  const placeholders = Math.min(row.category.games_count, complete ? HALL_ROW_SIZE : DRAWN_TILES);
  return (
    <section
      ref={section}
      aria-labelledby={`hall-${row.category.id}`}
      className="mt-8"
      data-testid={`hall-row-${row.category.id}`}
      onFocus={shown && complete ? undefined : () => setFocused(true)}
    >
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2
          id={`hall-${row.category.id}`}
          className="flex items-center gap-2 text-lg font-bold text-[var(--text-strong)] md:text-xl"
        >
          <CategoryIcon src={row.category.image_url} name={categoryName(t, row.category)} size={24} />
          <RowTitle to={paths.gamehall.category(row.category.id)}>{categoryName(t, row.category)}</RowTitle>
          <span className="text-sm font-semibold text-[var(--text-muted)] tabular-nums">
            {row.category.games_count}
          </span>
        </h2>
        <LocaleLink
          to={paths.gamehall.category(row.category.id)}
          className="text-sm font-semibold text-[var(--accent)]"
        >
          {t('common.buttons.showAll', { defaultValue: 'Show all' })}
        </LocaleLink>
      </div>
      {loaded.failed ? (
        <div className="flex items-center gap-3" role="alert">
          <p className="text-sm text-red-300">
            {t('games.hall.loadFailed', { defaultValue: 'Could not load more games. Try again.' })}
          </p>
          <button type="button" className="btn btn-ghost" onClick={loaded.retry}>
            {t('common.buttons.retry', { defaultValue: 'Try again' })}
          </button>
        </div>
      ) : (
        <div className="gm-row" aria-busy={shown ? undefined : true}>
          {shown
            ? games.map((game, at) => (
                <GameTile
                  key={game.sysname}
                  game={game}
                  layout={layout}
                  firstScreen={firstScreen && at < FIRST_SCREEN_TILES}
                  inRow
                />
              ))
            : Array.from({ length: placeholders }, (_, at) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: still tiles without identity
                <GameTilePlaceholder key={at} layout={layout} />
              ))}
        </div>
      )}
    </section>
  );
}

function Empty() {
  const { t } = useTranslation();
  return (
    <div className="empty-state mt-6" role="status" data-testid="hall-empty">
      <Icon name="search" className="size-6" />
      <p className="font-semibold text-[var(--text-strong)]">
        {t('games.hall.nothingFound', { defaultValue: 'No games found' })}
      </p>
      <p>{t('games.hall.nothingFoundHint', { defaultValue: 'Try another category or fewer providers.' })}</p>
      <LocaleLink to={paths.gamehall.root} className="btn btn-ghost mt-2">
        {t('games.hall.allGames', { defaultValue: 'All games' })}
      </LocaleLink>
    </div>
  );
}

export function GamehallPage({ data }: { data: TGamehallData }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const location = useLocation();
  const localeHref = useLocaleHref();
  const state = readHallState(params);
  const hydrated = useHydrated();
  const started = useFirstInteraction();
  const [items, setItems] = useState(data.items);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState(false);
  useEffect(() => setItems(data.items), [data.items]);
  const filtering = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;
  const category = data.categories.find((c) => c.id === state.category);
  const title =
    state.category === FAVOURITES
      ? t('games.hall.favourites', { defaultValue: 'Favourites' })
      : (category?.name ?? t('games.hall.title', { defaultValue: 'Game hall' }));

  const showMore = async () => {
    setLoadingMore(true);
    setError(false);
    try {
      const next = await fetchGames({
        category: state.category === FAVOURITES ? undefined : state.category,
        liked: state.category === FAVOURITES,
        providers: state.providers,
        offset: items.length,
        count: GAMES_PAGE_SIZE,
      });
      const merged = appendPage(items, next.items);
      setItems(merged);
      const page = Math.ceil(merged.length / GAMES_PAGE_SIZE);
      window.history.replaceState(
        window.history.state,
        '',
        localeHref(paths.gamehall.root) + hallSearch({ ...state, page }),
      );
    } catch {
      setError(true);
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div
      className="mx-auto w-full max-w-[1600px] px-3 pb-16 sm:px-4 lg:px-6"
      data-testid="gamehall"
      data-ready={hydrated}
    >
      <div className="flex items-center justify-between gap-3 pt-6">
        <h1 className="text-2xl font-black text-[var(--text-strong)] md:text-3xl">{title}</h1>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => openGamesSearch()}
          data-testid="open-games-search"
          aria-label={t('games.hall.searchPlaceholder', { defaultValue: 'Search games' })}
        >
          <Icon name="search" className="size-4" />
          <span className="hidden sm:inline">
            {t('games.hall.searchPlaceholder', { defaultValue: 'Search games' })}
          </span>
        </button>
      </div>
      <div className="mt-4 space-y-2">
        <CategoryBar categories={data.categories} current={state.category} />
        <ProviderChips providers={data.providers} selected={state.providers} />
      </div>

      {filtering ? (
        <div className="mt-6" aria-busy="true">
          <GameGrid games={[]} layout={data.layout} loadingCount={GAMES_PAGE_SIZE} />
        </div>
      ) : state.view === 'categories' ? (
        data.rows.length > 0 ? (
          data.rows.map((row, at) => (
            <CategoryRow
              key={row.category.id}
              row={row}
              layout={data.layout}
              firstScreen={at < FIRST_SCREEN_ROWS}
              drawn={at < HALL_DRAWN_ROWS}
              started={started}
            />
          ))
        ) : (
          <Empty />
        )
      ) : items.length === 0 ? (
        <Empty />
      ) : (
        <div className="mt-6">
          <p className="mb-3 text-sm text-[var(--text-muted)]" data-testid="hall-count">
            {t('games.hall.shown', {
              defaultValue: '{shown} of {total} games',
              shown: items.length,
              total: data.total,
            })}
          </p>
          <GameGrid
            games={items}
            layout={data.layout}
            loadingCount={loadingMore ? Math.min(GAMES_PAGE_SIZE, data.total - items.length) : 0}
          />
          {items.length < data.total && (
            <div className="mt-8 flex flex-col items-center gap-2">
              <div className="h-1.5 w-48 overflow-hidden rounded-full bg-[var(--surface)]">
                <div
                  className="h-full bg-[var(--accent)]"
                  style={{ width: `${(items.length / data.total) * 100}%` }}
                />
              </div>
              <button
                type="button"
                className="btn btn-ghost btn-lg"
                onClick={showMore}
                disabled={loadingMore}
                data-testid="show-more"
              >
                {loadingMore ? <span className="spinner size-4" /> : null}
                {t('games.hall.loadMore', { defaultValue: 'Load more' })}
              </button>
              {error && (
                <p role="alert" className="text-sm text-red-300">
                  {t('games.hall.loadFailed', { defaultValue: 'Could not load more games. Try again.' })}
                </p>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
