import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, data } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../lib/test/render-with-site';
import { SiteError } from './site-error';

const renderError = (status: number) =>
  renderWithSite(
    createMemoryRouter(
      [
        {
          path: '*',
          loader: () => {
            throw data({}, { status });
          },
          element: null,
          ErrorBoundary: SiteError,
        },
      ],
      { initialEntries: ['/no-such-page'] },
    ),
  );

describe('an error page', () => {
  it('names the document after its heading and the brand', async () => {
    renderError(404);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | Casino'));
  });

  it('does so for a page that stands alone too (maintenance)', async () => {
    renderError(503);
    expect(await screen.findByRole('heading', { level: 1, name: "We'll be back soon" })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe("We'll be back soon | Casino"));
  });
});
