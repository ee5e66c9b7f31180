/**
 * The per-request site state, computed once by the root middleware for documents and data requests:
 * locales, the locale of the URL, the player, the cms config; and every rule that must hold with
 * JavaScript off (spec §2 access rule, operator redirects, locale detection; §8 page mapping).
 */
import type { TAccountInfo } from '@casino/contracts/calls/account';
import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from 'react-router';
import localeSeed from '../../../../../content/locales.json';
import { href, isGuardedPath, splitLocale } from '../../config/paths';
import { CALLS } from '../api/calls';
import { createApiClient, isApiError, type TApiClient } from '../api/client';
import { LOCALE_COOKIE, readCookie } from '../cookies';
import { messagesUrl, NAMESPACES_HEADER, namespacesFor } from '../i18n';
import { detectBrowserLocale, type TLocaleList } from '../locale';
import { servicesContext } from '../server/services';
import { parseCmsConfig } from './cms';
import { cmsForBrowser } from './marketing-pause';
import { matchRedirect } from './redirects';
import { followSettingsVersion, sharedValue } from './shared-cache';
import type { TCmsConfig } from './types';

export interface TSiteRequest {
  api: TApiClient;
  fetch: (path: string) => Promise<Response>;
  locales: TLocaleList;
  locale: string;
  /** The path without locale prefix. */
  path: string;
  account: TAccountInfo | null;
  cms: TCmsConfig;
}

export const siteContext = createContext<TSiteRequest>();

export const getSite = (context: Readonly<RouterContextProvider>) => context.get(siteContext);

/** A system page thrown as a route error (spec §8 page mapping). */
export type TSystemPage =
  | 'not-found'
  | 'not-found-validation'
  | 'forbidden'
  | 'maintenance'
  | 'user-blocked'
  | 'locales-not-found'
  | 'errors-slot';
export const systemError = (page: TSystemPage, status: number, message?: string) =>
  data({ page, message }, { status });

const loadLocales = async (fetcher: (path: string) => Promise<Response>): Promise<TLocaleList> => {
  try {
    const list = await sharedValue('locales', async () => {
      const response = await fetcher('/nfx/i18n/locales');
      // Until the i18n module serves the route, the seed it reads is the same list.
      if (response.status === 404) return normaliseLocales(localeSeed);
      if (!response.ok) throw new Error(`locales: HTTP ${response.status}`);
      const body = (await response.json()) as { data?: unknown } | unknown;
      const locales = normaliseLocales((body as { data?: unknown }).data ?? body);
      return locales.locales.length > 0 ? locales : undefined;
    });
    return list ?? { locales: [], defaultLocale: 'en' };
  } catch (error) {
    console.warn('locales fetch failed', error);
    return { locales: [], defaultLocale: 'en' };
  }
};

const normaliseLocales = (raw: unknown): TLocaleList => {
  const value = (raw ?? {}) as { locales?: unknown; defaultLocale?: unknown };
  const locales = (Array.isArray(value.locales) ? value.locales : [])
    .map((item) =>
      typeof item === 'string' ? { code: item } : (item as { code?: string; enabled?: boolean }),
    )
    .filter((item) => typeof item?.code === 'string' && (item as { enabled?: boolean }).enabled !== false)
    .map((item) => {
      const l = item as { code: string; name?: string; nativeName?: string; dir?: string };
      return {
        code: l.code,
        name: l.name,
        nativeName: l.nativeName,
        dir: l.dir === 'rtl' ? ('rtl' as const) : l.dir === 'ltr' ? ('ltr' as const) : undefined,
      };
    });
  const defaultLocale =
    typeof value.defaultLocale === 'string' ? value.defaultLocale : (locales[0]?.code ?? 'en');
  return { locales, defaultLocale };
};

const readCms = async (fetcher: (path: string) => Promise<Response>, api: TApiClient, locale: string) => {
  let complete = true;
  const failed = () => {
    complete = false;
    return {};
  };
  const [config, metadata] = await Promise.all([
    fetcher(`/nfx/cms-config/${locale}`)
      .then(async (response) => (response.ok ? ((await response.json()) as unknown) : {}))
      .catch(failed),
    api.get<unknown>('metadata.get').catch(failed),
  ]);
  return { config: parseCmsConfig(config, metadata), complete };
};

/** The cms config with the public metadata (shared by every visitor; a read with a failed half is not kept). */
const loadCms = async (fetcher: (path: string) => Promise<Response>, api: TApiClient, locale: string) => {
  const kept = await sharedValue(`cms:${locale}`, async () => {
    const read = await readCms(fetcher, api, locale);
    return read.complete ? read.config : undefined;
  });
  return kept ?? (await readCms(fetcher, api, locale)).config;
};

const loadAccount = async (api: TApiClient): Promise<TAccountInfo | null> => {
  try {
    const info = await api.call(CALLS.getInfo);
    return info.uid > 0 ? info : null;
  } catch (error) {
    if (isApiError(error, 'UserBannedException')) throw systemError('user-blocked', 403);
    if (
      isApiError(error, 'ApplicationDisabledException') ||
      isApiError(error, 'ApplicationUnavailableException')
    )
      throw systemError('maintenance', 503);
    if (isApiError(error) && error.status === 403) throw systemError('forbidden', 403);
    return null;
  }
};

/** The document path a data request (`/cashier.data`, `/_root.data`) stands for. */
export const documentUrl = (request: Request) => {
  const url = new URL(request.url);
  if (url.pathname.endsWith('.data')) {
    url.pathname = url.pathname === '/_root.data' ? '/' : url.pathname.replace(/\.data$/, '');
    url.searchParams.delete('_routes');
  }
  return url;
};

export const siteMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const services = context.get(servicesContext);
  followSettingsVersion(services.settingsVersion);
  const fetcher = (path: string) => services.fetch(path);
  const locales = await loadLocales(fetcher);
  if (locales.locales.length === 0) throw systemError('locales-not-found', 500, 'LOCALES NOT FOUND');

  const url = documentUrl(request);
  const codes = locales.locales.map((l) => l.code);
  const { locale, path, prefixed } = splitLocale(url.pathname, codes, locales.defaultLocale);
  const api = createApiClient({ fetch: services.fetch, locale: () => locale });
  const [account, sharedCms] = await Promise.all([loadAccount(api), loadCms(fetcher, api, locale)]);
  const cms = cmsForBrowser(sharedCms, request.headers.get('cookie'), new Date());
  context.set(siteContext, { api, fetch: fetcher, locales, locale, path, account, cms });

  const localeRoot = href('/', locale, locales.defaultLocale);
  const prefix = prefixed ? `/${locale}` : '';

  // The default locale has no prefix: `/en/offers` is `/offers`.
  if (prefixed && locale === locales.defaultLocale) throw redirect(`${path}${url.search}`, { status: 301 });

  // Spec §2 access rule, decided here so it holds without JavaScript.
  if (!account && isGuardedPath(path)) {
    const full = `${url.pathname}${url.search}`;
    throw redirect(`${localeRoot}?redirectUrl=${encodeURIComponent(full)}`);
  }

  const operatorTarget = matchRedirect(path, cms.redirects, prefix);
  if (operatorTarget && operatorTarget !== url.pathname) throw redirect(operatorTarget);

  // Locale detection on the bare index (strategy browser or platform), unless the player chose a locale.
  const isDocument = !new URL(request.url).pathname.endsWith('.data');
  if (isDocument && !prefixed && path === '/' && request.method === 'GET') {
    const cookie = readCookie(request.headers.get('cookie'), LOCALE_COOKIE);
    const detected =
      cookie && codes.includes(cookie)
        ? cookie
        : cms.localeDetect === 'platform'
          ? account?.locale
          : detectBrowserLocale(request.headers.get('accept-language'), codes);
    if (detected && detected !== locales.defaultLocale && codes.includes(detected))
      throw redirect(`${href('/', detected, locales.defaultLocale)}${url.search}`);
  }
  return next();
};

/**
 * Messages for SSR (spec §8: a failure is logged, then no messages): the namespaces this page renders
 * (lib/i18n.ts `namespacesFor`), and the names of all the locale's namespaces for the browser to load later.
 */
export const loadMessages = async (
  site: TSiteRequest,
  pattern: string,
): Promise<{ messages: Record<string, unknown>; json: string; namespaces: string[] }> => {
  const url = messagesUrl(site.locale, namespacesFor(pattern, site.account !== null));
  try {
    const loaded = await sharedValue(`messages:${url}`, async () => {
      const response = await site.fetch(url);
      if (!response.ok) throw new Error(`messages: HTTP ${response.status}`);
      const body = (await response.json()) as { data?: unknown };
      const messages = (body.data ?? body) as Record<string, unknown>;
      if (!messages || typeof messages !== 'object') return undefined;
      // E-mail texts are the server's; the browser never needs them.
      const { mail: _mail, ...forBrowser } = messages;
      const listed = (response.headers.get(NAMESPACES_HEADER) ?? '').split(',').filter(Boolean);
      return {
        messages: forBrowser,
        json: JSON.stringify(forBrowser),
        namespaces: listed.length > 0 ? listed : Object.keys(forBrowser),
      };
    });
    return loaded ?? { messages: {}, json: '{}', namespaces: [] };
  } catch (error) {
    console.warn('messages fetch failed', error);
    return { messages: {}, json: '{}', namespaces: [] };
  }
};

const lookupText = (messages: Record<string, unknown>, key: string) => {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
};

/**
 * A few texts of a namespace the page does not otherwise need, translated here (the home page's row titles:
 * one shared read of their namespace instead of sending the whole of it with the page). Missing: undefined.
 */
export const loadTexts = async (site: TSiteRequest, keys: readonly string[]) => {
  const namespaces = [...new Set(keys.map((key) => key.split('.')[0] as string))];
  const url = messagesUrl(site.locale, namespaces);
  try {
    const messages = await sharedValue(`texts:${url}`, async () => {
      const response = await site.fetch(url);
      return response.ok ? ((await response.json()) as Record<string, unknown>) : undefined;
    });
    return Object.fromEntries(keys.map((key) => [key, messages ? lookupText(messages, key) : undefined]));
  } catch {
    return Object.fromEntries(keys.map((key) => [key, undefined]));
  }
};

export const loadGeneralInfo = async (site: TSiteRequest) => {
  try {
    const info = await sharedValue('general-info', () =>
      site.api.get<{
        time_to_force_logout?: number;
        is_seon_enabled?: boolean;
        is_bonus_isolation_enabled?: boolean;
        is_game_history_export_enabled?: boolean;
        user_inactivity_cashier_time?: number;
        user_inactivity_pp_time?: number;
      }>('metadata.getgeneralinfo'),
    );
    return {
      time_to_force_logout: Number(info?.time_to_force_logout) || 0,
      is_seon_enabled: info?.is_seon_enabled === true,
      is_bonus_isolation_enabled: info?.is_bonus_isolation_enabled === true,
      is_game_history_export_enabled: info?.is_game_history_export_enabled === true,
      user_inactivity_cashier_time: Number(info?.user_inactivity_cashier_time) || 0,
      user_inactivity_pp_time: Number(info?.user_inactivity_pp_time) || 0,
    };
  } catch {
    return {
      time_to_force_logout: 0,
      is_seon_enabled: false,
      is_bonus_isolation_enabled: false,
      is_game_history_export_enabled: false,
      user_inactivity_cashier_time: 0,
      user_inactivity_pp_time: 0,
    };
  }
};
