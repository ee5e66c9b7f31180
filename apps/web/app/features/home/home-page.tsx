/** The home page: hero banners from the cms config, the game rows and the live blocks (jackpots, wins, sports). */

import { Suspense, use, useEffect, useRef, useState } from 'react';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n-lite';
import type { TBanner } from '../../lib/site/types';
import { Icon } from '../../ui/icons';
import { discoverAttributes } from '../frame/route-discovery';
import { useSpaClick } from '../frame/spa-links';
import { useLocaleHref, useSite } from '../frame/use-site';
import type { TGameCard, TGameRow } from './games';
import { Hero } from './hero';
import { BLOCKS_GRID, hasBlocks, type THomeBlocks } from './live-blocks';
import { KEEP_SERVER_HTML, useServerHtml } from './server-html';
import { installTileFallback } from './tile-fallback';

// Before hydration: a broken tile of the server's rows gets the fallback image (tile-fallback.ts).
if (typeof document !== 'undefined') installTileFallback(document);

/**
 * A plain anchor (the row's one click handler navigates): twelve cards a row, three rows to hydrate. Only the
 * first card of a row is marked for route discovery: every game has the same route, and React Router asks the
 * server about each marked path when the page hydrates.
 */
const gameCard = (game: TGameCard, href: string, discover: boolean) => (
  <a key={game.sysname} href={href} className="game-card group" {...(discover ? discoverAttributes() : {})}>
    <span className="game-thumb">
      {game.image && <img src={game.image} alt="" loading="lazy" width={288} height={192} />}
    </span>
    <span
      dir="auto"
      className="game-name mt-2 block truncate text-sm font-semibold text-[var(--text-strong)]"
    >
      {game.name}
    </span>
    {game.provider && (
      <span className="block truncate text-xs text-[var(--text-muted)]">{game.provider}</span>
    )}
  </a>
);

/** The cards of a row: the server's HTML as it is while the page hydrates (server-html.ts), React's after. */
function GameStrip({ id, games }: { id: string; games: TGameCard[] }) {
  const localeHref = useLocaleHref();
  if (useServerHtml(id, games))
    return (
      <div
        key="server"
        className="game-strip"
        data-server-html={id}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty: keeps the server's children, injects nothing
        dangerouslySetInnerHTML={KEEP_SERVER_HTML}
        suppressHydrationWarning
      />
    );
  return (
    <div key="react" className="game-strip" data-server-html={id}>
      {games.map((game, index) => gameCard(game, localeHref(paths.game(game.sysname)), index === 0))}
    </div>
  );
}

function GameRow({
  row,
  emptyText,
  belowFold = false,
}: {
  row: TGameRow;
  emptyText: string;
  belowFold?: boolean;
}) {
  const { t } = useTranslation();
  const onClick = useSpaClick();
  // Spec §3 isTitleClickable: the row's title leads to its page too.
  const titleClickable = useSite()?.cms?.flags?.isTitleClickable !== false;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only the links inside are clicked (Enter on a link clicks it too)
    <section
      aria-labelledby={`row-${row.id}`}
      className={belowFold ? 'below-fold mt-10' : 'mt-10'}
      data-testid={`game-row-${row.id}`}
      onClick={onClick}
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id={`row-${row.id}`} className="text-xl font-bold text-[var(--text-strong)]">
          {titleClickable ? (
            <a
              href={row.to}
              className="hover:text-[var(--accent)]"
              data-testid="row-title-link"
              {...discoverAttributes()}
            >
              {row.title}
            </a>
          ) : (
            row.title
          )}
        </h2>
        <a href={row.to} className="text-sm font-semibold text-[var(--accent)]" {...discoverAttributes()}>
          {t('common.buttons.showAll', { defaultValue: 'Show all' })}
        </a>
      </div>
      {row.games.length > 0 ? (
        <GameStrip id={`row-${row.id}`} games={row.games} />
      ) : (
        <div className="empty-state" role="status">
          <Icon name="casino" className="size-6 text-[var(--text-muted)]" />
          <p>{emptyText}</p>
        </div>
      )}
    </section>
  );
}

type TBlocksView = typeof import('./live-blocks-view');
let blocksView: TBlocksView | undefined;
let blocksLoading: Promise<TBlocksView> | undefined;
/** The live blocks' code: a chunk of its own, not in the JavaScript the home page needs to hydrate. */
export const loadBlocksView = () => {
  blocksLoading ??= import('./live-blocks-view').then(
    (module) => {
      blocksView = module;
      return module;
    },
    (error: unknown) => {
      blocksLoading = undefined;
      throw error;
    },
  );
  return blocksLoading;
};
// The server renders the blocks into the page: their code is ready before the first request.
if (import.meta.env.SSR) void loadBlocksView();

/**
 * The live blocks: rendered by the server; in the browser the server's HTML stays as it is (server-html.ts) until
 * they come into view and their chunk has loaded, then React renders the same blocks (ticking, refreshing). After a
 * client navigation the space is held until then. Nothing to show: nothing at all.
 */
function LiveBlocks({ blocks, now }: { blocks: THomeBlocks; now: number }) {
  const [view, setView] = useState(() => blocksView);
  const keepServerHtml = useServerHtml('live-blocks', blocks);
  const slot = useRef<HTMLDivElement>(null);
  // The code comes when the blocks come into view: none of it in the page's first seconds below the fold.
  useEffect(() => {
    if (view) return;
    let live = true;
    const load = () =>
      loadBlocksView()
        .then((module) => {
          if (live) setView(module);
        })
        // A chunk that fails to load (a deploy in between) leaves the server's blocks as they are.
        .catch(() => undefined);
    const node = slot.current;
    if (!node || typeof IntersectionObserver === 'undefined') {
      void load();
      return () => {
        live = false;
      };
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      void load();
    });
    observer.observe(node);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [view]);
  if (!hasBlocks(blocks)) return null;
  const ready = view ?? (typeof document === 'undefined' ? use(loadBlocksView()) : undefined);
  if (ready) return <ready.LiveBlocksView key="react" blocks={blocks} now={now} />;
  if (!keepServerHtml) return <div key="wait" ref={slot} aria-hidden="true" className="mt-10 min-h-80" />;
  return (
    <div
      key="server"
      ref={slot}
      className={BLOCKS_GRID}
      data-server-html="live-blocks"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: empty: keeps the server's children, injects nothing
      dangerouslySetInnerHTML={KEEP_SERVER_HTML}
      suppressHydrationWarning
    />
  );
}

export function HomePage({
  banners,
  rows,
  emptyText,
  blocks,
  now = 0,
}: {
  banners: TBanner[];
  rows: TGameRow[];
  /** The empty row's text in the page's locale (the loader translates it with the row titles). */
  emptyText: string;
  /** The live blocks' data (live-blocks.ts); absent: none shown. */
  blocks?: THomeBlocks;
  /** The server's time of the render (the tournament's time left starts from it). */
  now?: number;
}) {
  const [first, ...others] = rows;
  return (
    <>
      <Hero banners={banners} />
      {/* Each row its own boundary: React hydrates them one by one in short tasks after the hero. */}
      {first && (
        <Suspense fallback={null}>
          <GameRow row={first} emptyText={emptyText} />
        </Suspense>
      )}
      {blocks && (
        <Suspense fallback={null}>
          <LiveBlocks blocks={blocks} now={now} />
        </Suspense>
      )}
      {others.map((row) => (
        <Suspense key={row.id} fallback={null}>
          <GameRow row={row} emptyText={emptyText} belowFold />
        </Suspense>
      ))}
    </>
  );
}
