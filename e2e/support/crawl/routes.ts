/**
 * The crawl's route list, taken from the site's own `paths` object (apps/web/app/config/paths.ts) so it cannot
 * drift: every static path is visited, every path function is called with ids of the seeded demo content, and a
 * path function the crawl has no arguments for fails the crawl until it is added to ARGS below.
 */
import { href, isGuardedPath, paths } from '../../../apps/web/app/config/paths.ts';

/** Ids of the seeded demo content, looked up on the running server (see seed.ts). */
export interface TSeed {
  pageSlug: string;
  offerId: string;
  gameSysname: string;
  categoryId: string;
  providerId: string;
  depositMethod: string;
  /** A deposit the signed-in player started (the payment result pages show it). */
  transactionId: string;
}

type TPathFn = (...args: never[]) => string;

// Tournament 1 and jackpot 1 are the seeded demo ones (content/competitions: the active tournament, the slots
// jackpot); loyalty programs have no seeded content yet (a shell that accepts an id of the shape it validates).
const ARGS: Record<string, (seed: TSeed) => unknown[][]> = {
  page: (s) => [[s.pageSlug]],
  offer: (s) => [[s.offerId]],
  'cashier.depositMethod': (s) => [[s.depositMethod]],
  'cashier.payFail': (s) => [[], [s.transactionId]],
  'cashier.payPending': (s) => [[], [s.transactionId]],
  'cashier.paySuccess': (s) => [[], [s.transactionId]],
  'loyalty.program': () => [['vip']],
  'gamehall.category': (s) => [[s.categoryId]],
  'gamehall.providers': (s) => [[[s.providerId]]],
  'gamehall.legacy': (s) => [[s.categoryId]],
  jackpot: () => [['1']],
  promotion: (s) => [[`offer-${s.offerId}`]],
  tournament: () => [['1']],
  tournamentGamehall: () => [['1']],
  game: (s) => [[s.gameSysname]],
  gamePlay: (s) => [[s.gameSysname], [s.gameSysname, 'demo']],
  fairness: () => [[]],
  // An unknown token: the page explains the link has expired.
  passwordReset: () => [['crawl-unknown-token']],
  // The simulator's events come and go: an unknown one shows the "no longer available" page.
  bettingEvent: () => [['crawl-unknown-event']],
  bet: () => [['1']],
};

export interface TRoute {
  /** The key in `paths`, e.g. `cashier.deposit`. */
  name: string;
  /** The path for the default locale, query included. */
  path: string;
}

const walk = (node: unknown, prefix: string): Array<[string, string | TPathFn]> =>
  Object.entries(node as Record<string, unknown>).flatMap(([key, value]) => {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string' || typeof value === 'function') return [[name, value as string | TPathFn]];
    return walk(value, name);
  });

export const crawlRoutes = (seed: TSeed): TRoute[] =>
  walk(paths, '').flatMap(([name, leaf]) => {
    if (typeof leaf === 'string') return [{ name, path: leaf }];
    const args = ARGS[name];
    if (!args)
      throw new Error(`the crawl has no ids for paths.${name}: add them to e2e/support/crawl/routes.ts`);
    return args(seed).map((list) => ({ name, path: (leaf as (...a: unknown[]) => string)(...list) }));
  });

export type TRole = 'visitor' | 'player';

/**
 * Where a route may legitimately end up when it does not answer 200 itself (spec §2): the path the redirect
 * chain must land on, or undefined when the route answers 200 with no redirect.
 */
export const expectedLanding = (route: TRoute, role: TRole, locale: string): string | undefined => {
  const localized = href(route.path, locale);
  if (role === 'visitor' && isGuardedPath(route.path.split('?')[0] ?? ''))
    return `${href('/', locale)}?redirectUrl=${encodeURIComponent(localized)}`;
  switch (route.name) {
    case 'cashier.root':
    case 'cashier.billing':
      return href(paths.cashier.deposit, locale);
    case 'profile.root':
      return href(paths.profile.settings, locale);
    case 'gamehall.legacy':
      return href(paths.gamehall.category(route.path.split('/').at(-1) ?? ''), locale);
    default:
      return undefined;
  }
};
