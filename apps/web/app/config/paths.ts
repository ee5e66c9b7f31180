/**
 * Every route of spec §2 in one typed object; `href(path, locale)` adds the locale prefix (none for the
 * default locale). No route string is written anywhere else.
 */
export const DEFAULT_LOCALE = 'en';

const withTransaction = (base: string) => (transaction?: string) =>
  transaction ? `${base}/${encodeURIComponent(transaction)}` : base;

export const paths = {
  home: '/',
  page: (slug: string) => `/${encodeURIComponent(slug)}`,
  offers: '/offers',
  offer: (id: string | number) => `/offers/${id}`,
  betting: '/betting',
  bettingEvent: (id: string) => `/betting/event/${encodeURIComponent(id)}`,
  cashier: {
    root: '/cashier',
    wallet: '/cashier/wallet',
    billing: '/cashier/billing',
    deposit: '/cashier/deposit',
    depositMethod: (sysname: string) => `/cashier/deposit/${encodeURIComponent(sysname)}`,
    history: '/cashier/history',
    receipt: '/cashier/receipt',
    withdraw: '/cashier/withdraw',
    payCancel: '/cashier/paycancel',
    payMobile: '/cashier/paymobile',
    payNewWindow: '/cashier/paynewwindow',
    payFail: withTransaction('/cashier/payfail'),
    payPending: withTransaction('/cashier/paypending'),
    paySuccess: withTransaction('/cashier/paysuccess'),
  },
  loyalty: {
    root: '/loyalty',
    shop: '/loyalty/shop',
    program: (sysname: string) => `/loyalty/${encodeURIComponent(sysname)}`,
  },
  profile: {
    root: '/profile',
    bets: '/profile/bets',
    bonuses: '/profile/bonuses',
    loyalty: '/profile/loyalty',
    cashback: '/profile/cashback',
    security: '/profile/security',
    settings: '/profile/settings',
    notification: '/profile/notification',
    verification: '/profile/verification',
    responsibleGame: '/profile/responsible-game',
  },
  support: '/support',
  winners: '/winners',
  gamehall: {
    root: '/gamehall',
    category: (id: string | number) => `/gamehall?category=${encodeURIComponent(String(id))}`,
    providers: (ids: Array<string | number>) => `/gamehall?providers=${ids.map(String).join(',')}`,
    legacy: (id: string | number) => `/gamehall/${id}`,
  },
  jackpots: '/jackpots',
  jackpot: (id: string | number) => `/jackpots/${id}`,
  providers: '/providers',
  promotions: '/promotions',
  promotion: (id: string | number) => `/promotions/${id}`,
  tournaments: '/tournaments',
  tournament: (id: string | number) => `/tournaments/${id}`,
  tournamentGamehall: (id: string | number) => `/tournaments/${id}/gamehall`,
  unsubscribe: '/unsubscribe',
  confirmation: '/confirmation',
  confirmationSuccess: '/confirmation/success',
  forms: { signIn: '/forms/sign_in', signUp: '/forms/sign_up' },
  game: (sysname: string) => `/game/${encodeURIComponent(sysname)}`,
  /** Where a game runs (served by the games module): sysname or `custom/{x}`, mode defaults to play. */
  gamePlay: (sysname: string, mode = 'play') => `/platform/game/${sysname}/${mode}`,
  /** The verify page of the provably fair scheme; `round` loads a round by id. */
  fairness: (round?: string) => (round ? `/fairness?round=${encodeURIComponent(round)}` : '/fairness'),
  icons: '/_icons',
  responsibleGame: '/responsible-game',
  bets: '/bets',
  bet: (id: string | number) => `/bets/${encodeURIComponent(String(id))}`,
  passwordReset: (token: string) => `/password-reset?token=${encodeURIComponent(token)}`,
} as const;

/** The same path under a locale: `/cashier` → `/es/cashier`; the default locale keeps no prefix. */
export const href = (path: string, locale: string, defaultLocale = DEFAULT_LOCALE): string => {
  if (/^[a-z]+:\/\//i.test(path) || locale === defaultLocale || !locale) return path;
  if (path === '/' || path.startsWith('?') || path.startsWith('/?'))
    return `/${locale}${path.replace(/^\//, '')}`;
  return `/${locale}${path}`;
};

/** Splits `/es/cashier` into its locale and the path without it; an unknown first segment is no locale. */
export const splitLocale = (
  pathname: string,
  locales: readonly string[],
  defaultLocale = DEFAULT_LOCALE,
): { locale: string; path: string; prefixed: boolean } => {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (first && locales.includes(first)) return { locale: first, path: match?.[2] || '/', prefixed: true };
  return { locale: defaultLocale, path: pathname || '/', prefixed: false };
};

/**
 * Spec §2 access rule: a visitor may not open a path that contains one of these. The bare `/responsible-game`
 * is the public safer-gambling page (issue 16); the profile's responsible-game section stays guarded (profile).
 */
const GUARDED = /(^|\/)(bets|cashier|profile)(\/|$)/;
export const isGuardedPath = (path: string) => GUARDED.test(path);
