/**
 * Renders a router as the site does for the web tests: a fresh query client (no retries) and the locale's
 * translations around it. Each test builds its own routes (paths, loaders, hydration data).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type createMemoryRouter, RouterProvider } from 'react-router';
import { createI18n } from '../i18n';
import { I18nProvider } from '../i18n-lite';

export const renderWithSite = (
  router: ReturnType<typeof createMemoryRouter>,
  { locale = 'en', messages = {} }: { locale?: string; messages?: Parameters<typeof createI18n>[1] } = {},
) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={createI18n(locale, messages)}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
