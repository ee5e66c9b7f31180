/**
 * i18n per render: the root loader brings the messages of the namespaces the matched route renders
 * (`/nfx/i18n/messages/{locale}?ns=…`), so the server renders translated HTML and the browser hydrates with the
 * very same resources; the rest of the locale comes on demand: before a client navigation (`ensureNamespaces`
 * from the root's client middleware), before a lazy part opens, or — the safety net — when a key of a missing
 * namespace is read (the instance reports it and the namespace loads; the provider re-renders when it is in).
 * Keys read as `namespace.key` (e.g. `header.login`); `{name}` interpolation as in the seed messages.
 * The implementation is `i18n-lite.tsx` (the small part of i18next's API the site needs, without its weight).
 */
import { createLiteI18n, type TLiteI18n, type TLiteOptions } from './i18n-lite';

export type { TLiteI18n as i18n };

export const createI18n = (
  locale: string,
  messages: Record<string, unknown>,
  options?: TLiteOptions,
): TLiteI18n => createLiteI18n(locale, messages, options);

/** What the frame renders on every page (header, footer, navigation, dialogs and toasts, system pages). */
export const FRAME_NAMESPACES = ['header', 'common', 'pages', 'popups', 'toasts'] as const;
/** …and for a signed-in player (the user menu, the session meter). */
export const PLAYER_NAMESPACES = ['profile'] as const;

/**
 * The namespaces a route renders besides the frame's, by its route pattern without the locale segment
 * (`/gamehall`, `/game/:sysname`). A route not listed gets every namespace, as before this table.
 */
export const ROUTE_NAMESPACES: Record<string, readonly string[]> = {
  // The home rows' titles come translated with the page data (routes/home.tsx): no games namespace.
  '/': ['home'],
  '/gamehall': ['games'],
  '/gamehall/:id': ['games'],
  '/providers': ['games'],
  '/support': ['support'],
  '/responsible-game': ['support'],
  '/:slug': [],
  '/betting': ['betting'],
  '/betting/event/:id': ['betting'],
  '/bets/:id': ['betting'],
  '/tournaments': ['competitions'],
  '/tournaments/:id': ['competitions'],
  '/tournaments/:id/gamehall': ['competitions', 'games'],
  '/jackpots': ['competitions'],
  '/jackpots/:id': ['competitions'],
  '/winners': ['competitions'],
};

const LOCALE_SEGMENT = /^\/?:lang\?(?=\/|$)/;

/** The namespaces a page of this route pattern (`:lang?/gamehall`) renders; undefined: all of them. */
export const namespacesFor = (pattern: string, signedIn = false): string[] | undefined => {
  const rest = pattern.replace(LOCALE_SEGMENT, '');
  const route = rest.startsWith('/') ? rest : `/${rest}`;
  const extra = ROUTE_NAMESPACES[route];
  if (!extra) return undefined;
  return [...FRAME_NAMESPACES, ...(signedIn ? PLAYER_NAMESPACES : []), ...extra];
};

export const messagesUrl = (locale: string, namespaces?: readonly string[]) =>
  `/nfx/i18n/messages/${encodeURIComponent(locale)}${namespaces ? `?ns=${namespaces.join(',')}` : ''}`;

/** The response header naming every namespace of the locale (the body may hold only some). */
export const NAMESPACES_HEADER = 'x-i18n-namespaces';

// ---- the browser's instance: one per page (locale) ----

interface TBrowserI18n {
  instance: TLiteI18n;
  locale: string;
  available: readonly string[];
  loading: Map<string, Promise<void>>;
  /** Namespaces whose request failed: a key read does not ask again (a navigation does). */
  failed: Set<string>;
}

let browser: TBrowserI18n | null = null;
const listeners = new Set<() => void>();

/** The browser's i18n of this locale, kept across renders; a missing namespace loads itself. */
export const browserI18n = (
  locale: string,
  messages: Record<string, unknown>,
  available: readonly string[],
): TLiteI18n => {
  if (browser?.locale === locale) return browser.instance;
  const state: TBrowserI18n = {
    locale,
    available,
    loading: new Map(),
    failed: new Set(),
    instance: createLiteI18n(locale, messages, {
      namespaces: available,
      onMissingNamespace: (namespace) => {
        if (!state.failed.has(namespace)) void ensureNamespaces([namespace]);
      },
    }),
  };
  browser = state;
  return state.instance;
};

/** Called when namespaces arrived (the provider re-renders what reads them). */
export const onNamespacesLoaded = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** Loads the namespaces the browser's instance has not got yet (one request for all of them). */
export const ensureNamespaces = async (namespaces: readonly string[] | 'all'): Promise<void> => {
  const state = browser;
  if (!state) return;
  if (namespaces === 'all') namespaces = state.available;
  const waiting: Promise<void>[] = [];
  const missing: string[] = [];
  for (const namespace of namespaces) {
    if (state.instance.hasNamespace(namespace)) continue;
    const pending = state.loading.get(namespace);
    if (pending) waiting.push(pending);
    else if (state.available.includes(namespace)) missing.push(namespace);
  }
  if (missing.length > 0) {
    const request = fetch(messagesUrl(state.locale, missing), { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`messages: HTTP ${response.status}`);
        const messages = (await response.json()) as Record<string, unknown>;
        state.instance.addMessages(messages);
        for (const namespace of missing) state.failed.delete(namespace);
        if (browser === state) for (const listener of listeners) listener();
      })
      .catch((error: unknown) => {
        // The texts stay the code's defaults until a navigation asks again.
        for (const namespace of missing) state.failed.add(namespace);
        console.warn('messages fetch failed', error);
      })
      .finally(() => {
        for (const namespace of missing) state.loading.delete(namespace);
      });
    for (const namespace of missing) state.loading.set(namespace, request);
    waiting.push(request);
  }
  await Promise.all(waiting);
};
