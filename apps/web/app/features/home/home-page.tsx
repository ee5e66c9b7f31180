/** The home page: hero banners from the cms config, the game rows and the live blocks (jackpots, wins, sports). */

import { DEFAULT_CURRENCY } from '@casino/contracts/money';
import { Suspense, use, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n-lite';
import { breakpointSrcSet } from '../../lib/images';
import { bannerText } from '../../lib/site/banner-text';
import type { TBanner } from '../../lib/site/types';
import { FallbackImg } from '../../ui/fallback-img';
import { Icon } from '../../ui/icons';
import { useAccount } from '../account/use-account';
import { useAuthHref } from '../frame/auth-links';
import { LocaleLink } from '../frame/locale-link';
import { discoverAttributes, linkDiscovery } from '../frame/route-discovery';
import { useSpaClick } from '../frame/spa-links';
import { useLocaleHref, useSite } from '../frame/use-site';
import { useHeroBanners } from './api/player-banners';
import type { TGameCard, TGameRow } from './games';
import { BLOCKS_GRID, hasBlocks, type THomeBlocks } from './live-blocks';
import { KEEP_SERVER_HTML, useServerHtml } from './server-html';
import { installTileFallback } from './tile-fallback';

// Before hydration: a broken tile of the server's rows gets the fallback image (tile-fallback.ts).
if (typeof document !== 'undefined') installTileFallback(document);

/**
 * The rendered widths of the banners' art, for `sizes`: the hero's is a 9rem strip (a 2.5:1 art: 22.5rem) up to xl,
 * then the hero's two thirds of the page; a side banner's fills its card: the page, half of it from sm, a third
 * from lg.
 */
const HERO_ART_SIZES = '(min-width: 1280px) 66vw, 24rem';
const SIDE_ART_SIZES = '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/** A banner's art in the breakpoints' widths (spec §9), the browser taking the one its layout needs. */
const artImage = (src: string, sizes: string) => ({ src, srcSet: breakpointSrcSet(src), sizes });

/**
 * A banner's art: an <img> in the breakpoints' widths over the banner's gradient, mirrored in a right-to-left
 * language. One that fails to load retries with the fallback image and, its attempts spent, leaves the gradient
 * alone (spec §8: FallbackImg).
 */
function BannerArt({
  src,
  sizes,
  className,
  testId,
}: {
  src: string;
  sizes: string;
  className: string;
  testId?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={`${className} absolute inset-0 rtl:-scale-x-100`}
      data-testid={testId}
    >
      <FallbackImg {...artImage(src, sizes)} alt="" fetchPriority="high" />
    </span>
  );
}

/**
 * A side banner of the cms: its art fills the end of the card, the words keep to the start and its button (the
 * banner's `button` text, else "Play now") leads to its link.
 */
function SideBanner({ banner }: { banner: Omit<TBanner, 'title'> & { title?: string } }) {
  const { t } = useTranslation();
  return (
    <div
      className="side-banner relative overflow-hidden rounded-3xl p-6"
      data-testid={`hero-banner-${banner.id}`}
    >
      {banner.image && (
        <BannerArt
          src={banner.image}
          sizes={SIDE_ART_SIZES}
          className="side-banner-art"
          testId="side-banner-art"
        />
      )}
      <div className="relative max-w-[65%]">
        {banner.title && <p className="text-xl font-bold text-white">{banner.title}</p>}
        {banner.text && <p className="mt-1 text-sm text-white/80">{banner.text}</p>}
        <LocaleLink to={banner.link ?? paths.promotions} className="btn btn-primary mt-4 self-start">
          {banner.buttonText ?? t('home.bannerButton', { defaultValue: 'Play now' })}
        </LocaleLink>
      </div>
    </div>
  );
}

function Hero({ banners: shared }: { banners: TBanner[] }) {
  const { t } = useTranslation();
  // A signed-in player's own list when a segment's banner is live (ADR 074); the shared list otherwise.
  const banners = useHeroBanners(shared);
  const account = useAccount();
  const authHref = useAuthHref();
  const loyaltyOn = useSite()?.cms.flags.isLoyaltyEnable !== false;
  const currency = account?.balance?.currency || DEFAULT_CURRENCY;
  const [first, ...rest] = banners.map((banner) => ({
    ...banner,
    title: bannerText(banner.title, banner.terms, currency),
    text: bannerText(banner.text, banner.terms, currency),
  }));
  // The hero art is the largest paint: the browser fetches it with the HTML, before the CSS and scripts, in the
  // width the <img> will take. (Rendered in the browser, the page already has it: no preload to look up.)
  const preloadArt = (src: string | undefined, sizes: string) => {
    if (!src || typeof document !== 'undefined') return;
    const art = artImage(src, sizes);
    preload(art.src, { as: 'image', fetchPriority: 'high', imageSrcSet: art.srcSet, imageSizes: art.sizes });
  };
  preloadArt(first?.image, HERO_ART_SIZES);
  // On a phone the first side banner's art, below the hero's strip, is the largest paint: fetched early too.
  preloadArt(rest[0]?.image, SIDE_ART_SIZES);
  return (
    <section aria-label="Featured" className="grid gap-4 pt-6 lg:grid-cols-[2fr_1fr]">
      <div
        className={`hero relative flex min-h-64 flex-col justify-end overflow-hidden rounded-3xl p-6 md:min-h-80 md:p-10 ${first?.image ? 'max-xl:pt-40!' : ''}`}
      >
        {first?.image && (
          // The art (the end half of the banner) never lies under the words, however long a language writes them:
          // up to xl it is a strip above them, from xl the words keep to the start half (app.css).
          <BannerArt src={first.image} sizes={HERO_ART_SIZES} className="hero-art" />
        )}
        <div
          className="relative max-w-xl xl:max-w-[50%]"
          data-testid={first ? `hero-banner-${first.id}` : undefined}
        >
          <h1 className="mt-2 text-3xl leading-tight font-black text-white md:text-4xl 2xl:text-5xl">
            {first?.title ?? t('pages.home.title', { defaultValue: 'Online casino and sports betting' })}
          </h1>
          <p className="mt-3 text-base text-white/85">
            {first?.text ??
              t('home.heroText', {
                defaultValue: 'Slots, live tables and sports in one account. Fast payouts, fair games.',
              })}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            {account ? (
              <LocaleLink to={first?.link ?? paths.cashier.deposit} className="btn btn-primary btn-lg">
                {first?.buttonText ?? t('header.deposit', { defaultValue: 'Deposit' })}
              </LocaleLink>
            ) : (
              <Link to={authHref('reg')} className="btn btn-primary btn-lg" {...linkDiscovery()}>
                {first?.buttonText ?? t('header.register', { defaultValue: 'Register' })}
              </Link>
            )}
            <LocaleLink to={paths.gamehall.root} className="btn btn-glass btn-lg">
              {t('header.nav.gamehall', { defaultValue: 'Game hall' })}
            </LocaleLink>
          </div>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {(rest.length > 0 ? rest.slice(0, 2) : undefined)?.map((banner) => (
          <SideBanner key={banner.id} banner={banner} />
        )) ?? (
          <>
            <LocaleLink to={paths.tournaments} className="side-banner side-banner-a rounded-3xl p-6">
              <Icon name="trophy" className="size-8 text-white" />
              <p className="mt-3 text-xl font-bold text-white">
                {t('header.nav.tournaments', { defaultValue: 'Tournaments' })}
              </p>
              <p className="mt-1 text-sm text-white/80">
                {t('home.tournamentsText', {
                  defaultValue: 'Climb the leaderboard and share the prize pool.',
                })}
              </p>
            </LocaleLink>
            {loyaltyOn ? (
              <LocaleLink to={paths.loyalty.root} className="side-banner side-banner-b rounded-3xl p-6">
                <Icon name="crown" className="size-8 text-white" />
                <p className="mt-3 text-xl font-bold text-white">
                  {t('header.nav.loyalty', { defaultValue: 'Loyalty' })}
                </p>
                <p className="mt-1 text-sm text-white/80">
                  {t('home.loyaltyText', {
                    defaultValue: 'Earn points on every bet and spend them in the shop.',
                  })}
                </p>
              </LocaleLink>
            ) : (
              <LocaleLink to={paths.promotions} className="side-banner side-banner-b rounded-3xl p-6">
                <Icon name="gift" className="size-8 text-white" />
                <p className="mt-3 text-xl font-bold text-white">
                  {t('header.nav.promotions', { defaultValue: 'Promotions' })}
                </p>
              </LocaleLink>
            )}
          </>
        )}
      </div>
    </section>
  );
}

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
