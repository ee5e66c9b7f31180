/** A game tile, horizontal (288×192) or vertical (192×256), with its skeleton and its placeholder. */
import { memo, useContext } from 'react';
import { paths } from '../../../config/paths';
import { FallbackImg } from '../../../ui/fallback-img';
import { LocaleLink } from '../../frame/locale-link';
import type { TGameItem } from '../api/games-api';
import { tileImage } from '../lib/hall';
import { TileBadgesContext } from './tile-badges';

export type TTileLayout = 'horizontal' | 'vertical';

/** The tiles a page's first screen shows: fetched with the document, before the lazy rest (the page's LCP). */
export const FIRST_SCREEN_TILES = 3;

/**
 * Memoised: the hall renders again after hydration (up to four times) and when its rows get their other tiles, with
 * the same props for every tile; rendering the tiles again was most of that work (35-40 ms tasks in a profile).
 */
export const GameTile = memo(function GameTile({
  game,
  layout = 'horizontal',
  firstScreen = false,
  inRow = false,
}: {
  game: TGameItem;
  layout?: TTileLayout;
  firstScreen?: boolean;
  /** In a hall row (narrower than a grid's tile: its image's `sizes`). */
  inRow?: boolean;
}) {
  const image = tileImage(game, layout, inRow);
  const name = game.name ?? game.description?.name ?? game.sysname;
  const badges = useContext(TileBadgesContext);
  return (
    <LocaleLink
      to={paths.game(game.sysname)}
      className={`gm-tile gm-tile-${layout}`}
      data-testid="game-tile"
      data-sysname={game.sysname}
    >
      <span className="gm-tile-art">
        {image && (
          <FallbackImg
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.sizes}
            alt=""
            loading={firstScreen ? 'eager' : 'lazy'}
            fetchPriority={firstScreen ? 'high' : undefined}
            width={image.w}
            height={image.h}
          />
        )}
        <span className="gm-tile-play" aria-hidden="true">
          <svg viewBox="0 0 24 24" className="size-6" fill="currentColor" aria-hidden="true">
            <path d="M8 5.5v13l10.5-6.5z" />
          </svg>
        </span>
        {badges?.(game)}
      </span>
      <span
        dir="auto"
        className="game-name mt-2 block truncate text-sm font-semibold text-[var(--text-strong)]"
      >
        {name}
      </span>
      {game.provider && (
        <span className="block truncate text-xs capitalize text-[var(--text-muted)]">
          {game.provider.replace(/_/g, ' ')}
        </span>
      )}
    </LocaleLink>
  );
});

export function GameTileSkeleton({ layout = 'horizontal' }: { layout?: TTileLayout }) {
  return (
    <span className={`gm-tile gm-tile-${layout}`} aria-hidden="true">
      <span className="gm-tile-art gm-skeleton" />
      <span className="gm-skeleton mt-2 block h-3.5 w-3/4 rounded" />
      <span className="gm-skeleton mt-1.5 block h-3 w-1/2 rounded" />
    </span>
  );
}

/** A tile's place until its row is drawn: the art's box and the two lines' height, still (no shimmer to repaint). */
export function GameTilePlaceholder({ layout = 'horizontal' }: { layout?: TTileLayout }) {
  return (
    <span className={`gm-tile gm-tile-${layout}`} aria-hidden="true">
      <span className="gm-tile-art" />
      <span className="mt-2 block h-5" />
      <span className="block h-4" />
    </span>
  );
}

export function GameGrid({
  games,
  layout = 'horizontal',
  loadingCount = 0,
}: {
  games: TGameItem[];
  layout?: TTileLayout;
  loadingCount?: number;
}) {
  return (
    <div className={`gm-grid gm-grid-${layout}`} data-testid="game-grid">
      {games.map((game, at) => (
        <GameTile key={game.sysname} game={game} layout={layout} firstScreen={at < FIRST_SCREEN_TILES} />
      ))}
      {Array.from({ length: loadingCount }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <GameTileSkeleton key={`s${i}`} layout={layout} />
      ))}
    </div>
  );
}
