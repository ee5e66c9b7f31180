import '@testing-library/jest-dom/vitest';
import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { BetsPage } from './bets-page';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: { items: [], count: 0 }, error: null }))),
  );
});
afterEach(() => vi.unstubAllGlobals());

const renderWith = (exportEnabled: boolean) => {
  const site = {
    locale: 'en',
    defaultLocale: 'en',
    generalInfo: { is_game_history_export_enabled: exportEnabled },
  };
  renderWithSite(
    createMemoryRouter([{ id: 'root', path: '/', loader: () => site, element: <BetsPage /> }], {
      hydrationData: { loaderData: { root: site } },
    }),
  );
};

describe('the game history CSV export follows §3 is_game_history_export_enabled', () => {
  it('on: the export card and its request button', async () => {
    renderWith(true);
    expect(await screen.findByTestId('export-request')).toBeInTheDocument();
  });

  it('off: no export at all', async () => {
    renderWith(false);
    await screen.findByRole('heading', { name: /./ });
    expect(screen.queryByTestId('export-request')).toBeNull();
    expect(screen.queryByText('Export to CSV')).toBeNull();
  });
});
