/** Test harness: the popup in a memory router with the root's site data, real i18n messages and a given API. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createI18n } from '../../../lib/i18n.ts';
import { I18nProvider } from '../../../lib/i18n-lite';
import type { TSiteData } from '../../../lib/site/types.ts';
import { DialogHost } from '../../../ui/dialogs/dialog-host.tsx';
import { dialogStore } from '../../../ui/dialogs/dialog-store.ts';
import { AuthApiContext, type TAuthApi } from '../api/auth-api.ts';
import type { TAuthView } from '../components/auth-popup-context.ts';
import { AuthPopupRoot } from '../components/auth-popup-root.tsx';
import { DEFAULT_REGISTRATION_CONFIG, type TRegistrationConfig } from '../lib/registration-config.ts';
import { openAuthPopup } from '../open-auth-popup.tsx';

const LOCALES = join(import.meta.dirname, '../../../../../../content/locales/en');
export const messages = Object.fromEntries(
  readdirSync(LOCALES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(LOCALES, f), 'utf8'))]),
);

export const account = (uid: number) => ({
  uid,
  login: 'player@example.com',
  is_registration_completed: true,
});

export const fakeAuthApi = (overrides: Partial<TAuthApi> = {}): TAuthApi => ({
  login: vi.fn(async () => account(7)),
  register: vi.fn(async () => account(8)),
  restore: vi.fn(async () => true),
  checkPromocode: vi.fn(async () => 'valid' as const),
  getPersonalDataFields: vi.fn(async () => []),
  getRegistrationConfig: vi.fn(async () => null),
  saveProfileInfo: vi.fn(async () => 1),
  activatePromoCode: vi.fn(async () => true),
  ...overrides,
});

const siteData = (overrides: Partial<TSiteData> = {}): TSiteData => ({
  locale: 'en',
  defaultLocale: 'en',
  dir: 'ltr',
  locales: [{ code: 'en' }, { code: 'es' }],
  theme: 'dark',
  messages,
  account: null,
  cms: { banners: [], pages: [], redirects: [], localeDetect: 'browser', flags: {} },
  generalInfo: { time_to_force_logout: 0 },
  ...overrides,
});

export const lastLocation = { current: '' };
function LocationProbe() {
  const location = useLocation();
  lastLocation.current = `${location.pathname}${location.search}${location.hash}`;
  return null;
}

function Shell() {
  return (
    <>
      <LocationProbe />
      <DialogHost />
    </>
  );
}
function ShellWithRoot() {
  return (
    <>
      <Shell />
      <AuthPopupRoot />
    </>
  );
}
function Empty() {
  return null;
}

interface TOptions {
  view?: TAuthView | null;
  api?: TAuthApi;
  config?: TRegistrationConfig;
  url?: string;
  site?: Partial<TSiteData>;
  withRoot?: boolean;
  preventClose?: boolean;
  /** The config is not there yet: it comes from `api.getRegistrationConfig`, as on a first visit. */
  configLoads?: boolean;
}

export const renderAuth = (options: TOptions = {}) => {
  const api = options.api ?? fakeAuthApi();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (!options.configLoads)
    queryClient.setQueryData(
      ['metadata', 'registrationConfig'],
      options.config ?? DEFAULT_REGISTRATION_CONFIG,
    );
  const i18n = createI18n('en', messages);
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => siteData(options.site),
        Component: options.withRoot ? ShellWithRoot : Shell,
        children: [{ path: '*', Component: Empty }],
      },
    ],
    {
      initialEntries: [options.url ?? '/'],
      hydrationData: { loaderData: { root: siteData(options.site) } },
    },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider i18n={i18n}>
        <AuthApiContext value={api}>
          <RouterProvider router={router} />
        </AuthApiContext>
      </I18nProvider>
    </QueryClientProvider>,
  );
  if (options.view) {
    const popupView = options.view;
    act(() => {
      openAuthPopup(popupView, { preventClose: options.preventClose === true });
    });
  }
  return { ...view, api, router, queryClient };
};

export const resetDialogs = () => {
  act(() => dialogStore.closeAll());
  localStorage.clear();
};
