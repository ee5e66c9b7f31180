/**
 * The document: `<html lang dir data-theme>`, the providers (TanStack Query, the site's i18n), the dialog and toast
 * hosts, and the §8 page mapping for anything a route throws.
 */
import './lib/zod-jitless';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import {
  type DataStrategyResult,
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  type MiddlewareFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { I18nProvider } from './lib/i18n-lite';
import './app.css';
import { readPopupFlags, readStored, STORAGE_REG_FLAG } from './features/auth/lib/auth-links';
import { BalanceSync } from './features/balance/balance-sync';
import { DemoBanner } from './features/demo/demo-banner';
import { PageLoader } from './features/frame/page-loader';
import { useRouteDiscoveryOnIntent } from './features/frame/route-discovery';
import { Integrations } from './features/integrations/integrations';
import { loadSeo } from './features/seo/seo.server';
import { SeoHead } from './features/seo/seo-head';
import { RootBehaviours } from './features/session/root-behaviours';
import { SiteError } from './features/system-pages/site-error';
import { asTheme, readCookie, THEME_COOKIE } from './lib/cookies';
import { browserNonce } from './lib/csp-nonce';
import { reportError, useErrorReporting } from './lib/error-reporting';
import { browserI18n, createI18n, ensureNamespaces, namespacesFor, onNamespacesLoaded } from './lib/i18n';
import { whenIdle } from './lib/idle';
import { localeDir } from './lib/locale';
import { createQueryClient } from './lib/query-client';
import { servicesContext } from './lib/server/services';
import { getSite, loadGeneralInfo, loadMessages, siteMiddleware } from './lib/site/site.server';
import type { TSiteData } from './lib/site/types';
import { dialogStore } from './ui/dialogs/dialog-store';
import { toastStore } from './ui/toasts/toast-store';

/**
 * The dialog and toast hosts show nothing until something opens: they hydrate (and their code loads) once the
 * browser is idle after the page, or at once when a dialog or a toast opens before that. Their server HTML (the
 * toasts' live region) stays in place meanwhile.
 */
let hostsGate: Promise<void> | undefined;
const hostsReady = () => {
  hostsGate ??=
    typeof window === 'undefined'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const stops: (() => void)[] = [];
          const ready = () => {
            for (const stop of stops) stop();
            resolve();
          };
          stops.push(whenIdle(ready), dialogStore.subscribe(ready), toastStore.subscribe(ready));
        });
  return hostsGate;
};
const DialogHost = lazy(() =>
  hostsReady()
    .then(() => import('./ui/dialogs/dialog-host'))
    .then((m) => ({ default: m.DialogHost })),
);
const ToastHost = lazy(() =>
  hostsReady()
    .then(() => import('./ui/toasts/toast-host'))
    .then((m) => ({ default: m.ToastHost })),
);
const Hosts = () => (
  <Suspense fallback={null}>
    <DialogHost />
    <ToastHost />
  </Suspense>
);

// The popup's code (forms, schemas, countries: ~56 KB gzip) loads only when a page needs it, never with the page,
// and with its texts (a page brings only the namespaces it renders, lib/i18n.ts).
const AuthPopupRoot = lazy(() =>
  Promise.all([
    import('./features/auth/components/auth-popup-root'),
    ensureNamespaces(['auth', 'popups', 'profile']),
  ]).then(([m]) => ({ default: m.AuthPopupRoot })),
);

/**
 * Whether the popup's root has work here: a popup flag in the query (the header's sign-in and sign-up links
 * set one), the stored registration flag, `#real`, or a signed-in player whose registration is incomplete.
 * Once mounted it stays, and opens the popup from the URL itself (features/auth/components/auth-popup-root).
 */
function useNeedsAuthPopup(account: TSiteData['account'] | undefined) {
  const location = useLocation();
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return;
    if (
      readPopupFlags(location.search).view !== null ||
      location.hash === '#real' ||
      (account && account.uid > 0 && account.is_registration_completed === false)
    )
      setNeeded(true);
  }, [needed, location.search, location.hash, account]);
  // The stored flag needs localStorage, whose first read is a synchronous trip to the browser: once idle.
  useEffect(
    () =>
      whenIdle(() => {
        if (readStored(STORAGE_REG_FLAG) === '1') setNeeded(true);
      }),
    [],
  );
  return needed;
}

function AuthPopupMount() {
  const site = useSiteData();
  const needed = useNeedsAuthPopup(site?.account);
  // The profile's dialog places (the confirm e-mail prompt after registration) stay filled for a popup opened
  // any other way (openAuthPopup from a game page), as when the popup's root loaded with every page. Nothing
  // shows them before a player acts: they load once the page is idle, not while it hydrates.
  useEffect(
    () =>
      whenIdle(() => {
        void import('./features/profile/dialogs/profile-places');
      }),
    [],
  );
  return needed ? (
    <Suspense fallback={null}>
      <AuthPopupRoot />
    </Suspense>
  ) : null;
}

export const middleware: MiddlewareFunction<Response>[] = [siteMiddleware];

/** Before a client navigation renders: the namespaces of the next page that the browser has not got yet. */
export const clientMiddleware: MiddlewareFunction<Record<string, DataStrategyResult>>[] = [
  async ({ pattern }, next) => {
    // The player's namespaces came with the root data when they signed in (it reloads then).
    await ensureNamespaces(namespacesFor(pattern) ?? 'all');
    return next();
  },
];

export const loader = async ({ request, context, pattern }: LoaderFunctionArgs): Promise<TSiteData> => {
  const site = getSite(context);
  const [i18n, generalInfo, seo] = await Promise.all([
    loadMessages(site, pattern),
    loadGeneralInfo(site),
    loadSeo(site.fetch, request),
  ]);
  const current = site.locales.locales.find((l) => l.code === site.locale);
  return {
    locale: site.locale,
    defaultLocale: site.locales.defaultLocale,
    dir: localeDir(current),
    locales: site.locales.locales,
    theme: asTheme(readCookie(request.headers.get('cookie'), THEME_COOKIE)),
    messages: i18n.json,
    namespaces: i18n.namespaces,
    account: site.account,
    cms: site.cms,
    generalInfo,
    demo: context.get(servicesContext).demo,
    errorReporting: context.get(servicesContext).errorReporting ?? null,
    seo,
  };
};

/** Messages and cms data change with the locale only; an explicit revalidate (after login) reloads all. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  currentParams,
  nextParams,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return currentParams.lang !== nextParams.lang;
};

export const useSiteData = () => useRouteLoaderData<typeof loader>('root') as TSiteData | undefined;

export function Layout({ children }: { children: React.ReactNode }) {
  const site = useSiteData();
  return (
    <html lang={site?.locale ?? 'en'} dir={site?.dir ?? 'ltr'} data-theme={site?.theme ?? 'dark'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#0b0d17" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <SeoHead site={site} />
        {/* The same nonce as the server's render, or the links (dev's critical CSS) mismatch while hydrating. */}
        <Links nonce={browserNonce()} />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/**
 * The root data's messages: a JSON string from the loader — one native parse in the browser instead of the
 * stream decoder rebuilding every text (~half of the home page's data) — or an object (tests).
 */
const parsedMessages = (() => {
  let json: string | undefined;
  let parsed: Record<string, unknown> = {};
  return (messages: TSiteData['messages'] | undefined): Record<string, unknown> => {
    if (typeof messages !== 'string') return messages ?? {};
    if (messages !== json) {
      parsed = JSON.parse(messages) as Record<string, unknown>;
      json = messages;
    }
    return parsed;
  };
})();

/** The server's i18n of one render: a key of a namespace the page did not load is a gap in ROUTE_NAMESPACES. */
const serverI18n = (site: TSiteData | undefined) =>
  createI18n(site?.locale ?? 'en', parsedMessages(site?.messages), {
    namespaces: site?.namespaces,
    onMissingNamespace: (namespace, key) => {
      const report = import.meta.env.DEV ? console.error : console.warn;
      report(`i18n: "${key}" read on a page that did not load the "${namespace}" namespace (lib/i18n.ts)`);
    },
  });

/**
 * The browser keeps one i18n per locale and adds namespaces to it as they come; when some arrive, the
 * context value changes so what read their keys renders again.
 */
function useI18n(site: TSiteData | undefined) {
  const [server] = useState(() => (typeof document === 'undefined' ? serverI18n(site) : null));
  const [version, setVersion] = useState(0);
  useEffect(() => onNamespacesLoaded(() => setVersion((v) => v + 1)), []);
  const locale = site?.locale ?? 'en';
  const messages = site ? parsedMessages(site.messages) : undefined;
  const instance = server ?? browserI18n(locale, messages ?? {}, site?.namespaces ?? []);
  const merged = useRef<unknown>(messages);
  if (!server && messages && merged.current !== messages) {
    // Revalidated root data (after a login): its messages may hold overrides or namespaces we had not.
    merged.current = messages;
    instance.addMessages(messages);
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new value when namespaces arrived (version)
  return useMemo(() => ({ ...instance }), [instance, version]);
}

function Providers({ site, children }: { site: TSiteData | undefined; children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const i18n = useI18n(site);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>
  );
}

/**
 * The service worker and the version check (features/pwa): loaded when the browser is idle, in production
 * builds only (the dev server has no latest-build file), never part of the page's first chunk.
 */
function usePwa() {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    const cancel = whenIdle(() => {
      void import('./features/pwa/start-pwa').then((m) => {
        if (!cancelled) stop = m.startPwa(import.meta.env.VITE_BUILD_VERSION ?? '');
      });
    });
    return () => {
      cancelled = true;
      cancel();
      stop?.();
    };
  }, []);
}

export default function App() {
  const site = useSiteData();
  useRouteDiscoveryOnIntent();
  usePwa();
  useErrorReporting(site?.errorReporting);
  return (
    <Providers site={site}>
      {site?.demo ? <DemoBanner /> : null}
      <Outlet />
      <PageLoader />
      <RootBehaviours />
      <BalanceSync />
      <Hosts />
      <AuthPopupMount />
      <Integrations />
    </Providers>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const site = useSiteData();
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  useErrorReporting(site?.errorReporting);
  useEffect(() => {
    if (!isRouteErrorResponse(error)) reportError(error);
  }, [error]);
  return (
    <Providers site={site}>
      {site?.demo ? <DemoBanner /> : null}
      <SiteError />
      <Hosts />
    </Providers>
  );
}
