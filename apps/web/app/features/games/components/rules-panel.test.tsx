import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import type { TGameView } from '../lib/game-kinds';
import { RulesPanel } from './rules-panel';

const gameOf = (engine: string): TGameView => ({
  sysname: `test_${engine}`,
  name: 'Test',
  description: '',
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

const renderPanel = (engine: string, screenName?: TGameView['screen']) => {
  const game = { ...gameOf(engine), ...(screenName ? { screen: screenName } : {}) };
  const router = createMemoryRouter([{ path: '*', element: <RulesPanel game={game} /> }]);
  renderWithSite(router);
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

  it("shows no seeds and no verify link for an aggregator's game (the provider's, not ours)", () => {
    renderPanel('hub88', 'aggregator');
    expect(screen.queryByTestId('fairness-summary')).toBeNull();
    expect(screen.queryByTestId('verify-link')).toBeNull();
  });
});
