/** The rules panel's provably fair block: the player's own seed pair, or the shared table's per-round seeds. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import type { TGameView } from '../lib/game-kinds';
import { RulesPanel } from './rules-panel';

const gameOf = (engine: string): TGameView => ({
  sysname: `test_${engine}`,
  name: 'Test',
  provider: 'sparkrush',
  providerName: 'Sparkrush Labs',
  type: 'fast',
  imageUrl: '',
  rtp: 99,
  minBet: 0.1,
  maxBet: 100,
  hasDemo: true,
  engine,
  engineParams: {},
  screen: 'dice' as TGameView['screen'],
  slot: null,
  rules: null,
});

const fetchMock = vi.fn(
  async () =>
    new Response(
      JSON.stringify({
        data: { server_seed_hash: 'ab'.repeat(32), client_seed: 'mine', nonce: 7 },
        error: null,
      }),
    ),
);

const renderPanel = (engine: string) => {
  const router = createMemoryRouter([{ path: '*', element: <RulesPanel game={gameOf(engine)} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={createI18n('en', {})}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
};

describe('RulesPanel', () => {
  beforeEach(() => vi.stubGlobal('fetch', fetchMock));
  afterEach(() => vi.unstubAllGlobals());

  it("shows the player's own seed pair for a single-player game", async () => {
    renderPanel('dice');
    expect(await screen.findByText('mine')).toBeTruthy();
    expect(screen.queryByTestId('shared-table-seeds')).toBeNull();
  });

  it.each(['crash', 'live-roulette'])("explains the round's own seeds on a shared %s table", (engine) => {
    renderPanel(engine);
    expect(screen.getByTestId('shared-table-seeds')).toBeTruthy();
    expect(screen.queryByTestId('fairness-summary')).toBeNull();
  });
});
