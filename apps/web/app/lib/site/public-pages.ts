/**
 * The pages every visitor of a locale gets alike: their loaders read only shared data (catalogue, offers, standings,
 * settings), never the visitor's own. The entry marks such a page, rendered for a visitor without errors, with
 * PUBLIC_PAGE_HEADER; the host may then keep it for its other visitors (apps/server/src/platform/page-cache.ts,
 * docs/decisions/069-public-page-cache.md). A route whose loader reads a cookie, the visitor cookie or the time of
 * day in its HTML stays off this list.
 */
import type { StaticHandlerContext } from 'react-router';

export const PUBLIC_PAGE_HEADER = 'x-public-page';

/** Route ids (routes.ts). */
export const PUBLIC_PAGE_ROUTES: ReadonlySet<string> = new Set([
  'routes/home',
  'offers',
  'offer',
  'betting',
  'betting-event',
  'loyalty',
  'loyalty-shop',
  'loyalty-sysname',
  'support',
  'winners',
  'gamehall',
  'jackpots',
  'jackpot',
  'providers',
  'promotions',
  'promotion',
  'tournaments',
  'tournament',
  'tournament-gamehall',
  'responsible-game',
  'fairness',
  'routes/content-page',
]);

type TPageState = Pick<StaticHandlerContext, 'matches' | 'loaderData' | 'errors'>;

/** A page rendered for a visitor (no account), with a 200 and no error, of a public route. */
export const isPublicPage = (state: TPageState, status: number) => {
  if (status !== 200 || state.errors) return false;
  const leaf = state.matches.at(-1)?.route.id;
  const root = state.loaderData.root as { account?: unknown } | undefined;
  return leaf !== undefined && PUBLIC_PAGE_ROUTES.has(leaf) && root?.account === null;
};
