/**
 * The document: `<html lang dir data-theme>`, the providers (TanStack Query, i18next), the dialog and toast
 * hosts, and the §8 page mapping for anything a route throws.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
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
import './app.css';
import { readPopupFlags, readStored, STORAGE_REG_FLAG } from './features/auth/lib/auth-links';
import { BalanceSync } from './features/balance/balance-sync';
import { SiteError } from './features/system-pages/site-error';
import { asTheme, readCookie, THEME_COOKIE } from './lib/cookies';
import { createI18n } from './lib/i18n';
import { localeDir } from './lib/locale';
import { createQueryClient } from './lib/query-client';
import { getSite, loadGeneralInfo, loadMessages, siteMiddleware } from './lib/site/site.server';
import type { TSiteData } from './lib/site/types';

// The dialog and toast hosts show nothing until something opens: their code loads after the page.
const DialogHost = lazy(() => import('./ui/dialogs/dialog-host').then((m) => ({ default: m.DialogHost })));
const ToastHost = lazy(() => import('./ui/toasts/toast-host').then((m) => ({ default: m.ToastHost })));
const Hosts = () => (
  <Suspense fallback={null}>
    <DialogHost />
    <ToastHost />
  </Suspense>
);

// The popup's code (forms, schemas, countries: ~56 KB gzip) loads only when a page needs it, never with the page.
const AuthPopupRoot = lazy(() =>
  import('./features/auth/components/auth-popup-root').then((m) => ({ default: m.AuthPopupRoot })),
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
      readStored(STORAGE_REG_FLAG) === '1' ||
      location.hash === '#real' ||
      (account && account.uid > 0 && account.is_registration_completed === false)
    )
      setNeeded(true);
  }, [needed, location.search, location.hash, account]);
  return needed;
}

function AuthPopupMount() {
  const site = useSiteData();
  const needed = useNeedsAuthPopup(site?.account);
  // The profile's dialog places (the confirm e-mail prompt after registration) stay filled for a popup opened
  // any other way (openAuthPopup from a game page), as when the popup's root loaded with every page.
  useEffect(() => {
    void import('./features/profile/dialogs/profile-places');
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <AuthPopupRoot />
    </Suspense>
  ) : null;
}

export const middleware: MiddlewareFunction<Response>[] = [siteMiddleware];

export const loader = async ({ request, context }: LoaderFunctionArgs): Promise<TSiteData> => {
  const site = getSite(context);
  const [messages, generalInfo] = await Promise.all([loadMessages(site), loadGeneralInfo(site)]);
  const current = site.locales.locales.find((l) => l.code === site.locale);
  return {
    locale: site.locale,
    defaultLocale: site.locales.defaultLocale,
    dir: localeDir(current),
    locales: site.locales.locales,
    theme: asTheme(readCookie(request.headers.get('cookie'), THEME_COOKIE)),
    messages,
    account: site.account,
    cms: site.cms,
    generalInfo,
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
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function Providers({ site, children }: { site: TSiteData | undefined; children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const locale = site?.locale ?? 'en';
  const [i18n, setI18n] = useState(() => ({ locale, instance: createI18n(locale, site?.messages ?? {}) }));
  let current = i18n;
  if (i18n.locale !== locale) {
    current = { locale, instance: createI18n(locale, site?.messages ?? {}) };
    setI18n(current);
  }
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={current.instance}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

export default function App() {
  const site = useSiteData();
  return (
    <Providers site={site}>
      <Outlet />
      <BalanceSync />
      <Hosts />
      <AuthPopupMount />
    </Providers>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const site = useSiteData();
  if (!isRouteErrorResponse(error) && import.meta.env.DEV) console.error(error);
  return (
    <Providers site={site}>
      <SiteError />
      <Hosts />
    </Providers>
  );
}
