import '@testing-library/jest-dom/vitest';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test/render-with-site';
import { PageLoader } from './page-loader';

const site = (showPercentProgress: boolean) => ({
  locale: 'en',
  defaultLocale: 'en',
  generalInfo: { time_to_force_logout: 0 },
  account: null,
  cms: { flags: {}, loader: { showPercentProgress, logo: '/images/logo.svg', logoAlt: 'Casino' } },
});

/** A site whose next page's data comes only when the test says so. */
const renderSlowNavigation = (showPercentProgress: boolean) => {
  let release: () => void = () => undefined;
  const data = new Promise<null>((resolve) => {
    release = () => resolve(null);
  });
  const root = site(showPercentProgress);
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => root,
        element: (
          <>
            <Link to="/promotions">next</Link>
            <Outlet />
            <PageLoader />
          </>
        ),
        children: [
          { index: true, element: <p>home</p> },
          { path: 'promotions', loader: () => data, element: <p>promotions</p> },
        ],
      },
    ],
    { initialEntries: ['/'], hydrationData: { loaderData: { root } } },
  );
  renderWithSite(router);
  return { router, release: () => release() };
};

describe('the page loader (spec §3 loader)', () => {
  it('shows the logo and the percent while a slow page loads, and goes when it has come', async () => {
    const { release } = renderSlowNavigation(true);
    act(() => screen.getByText('next').click());
    expect(screen.queryByTestId('page-loader')).toBeNull();
    expect(await screen.findByTestId('page-loader', {}, { timeout: 2_000 })).toBeInTheDocument();
    expect(screen.getByTestId('loader-logo')).toHaveAttribute('alt', 'Casino');
    expect(screen.getByTestId('loader-percent')).toHaveTextContent(/^\d+%$/);
    await act(async () => release());
    expect(await screen.findByText('promotions')).toBeInTheDocument();
    expect(screen.queryByTestId('page-loader')).toBeNull();
  });

  it('shows no percent when the operator turned showPercentProgress off', async () => {
    const { release } = renderSlowNavigation(false);
    act(() => screen.getByText('next').click());
    expect(await screen.findByTestId('page-loader', {}, { timeout: 2_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('loader-percent')).toBeNull();
    await act(async () => release());
  });
});
