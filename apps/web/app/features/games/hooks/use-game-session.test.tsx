import type { TAccountInfo } from '@casino/contracts/calls/account';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { balanceGateOf } from '../../balance/balance-gate';
import { BalanceBadge } from '../components/game-page';
import { type TGameSession, useGameSession } from './use-game-session';

const usd = (amount: number) => ({ amount, currency: 'USD' });
const balances = (main: number, bonus: number) => ({
  uid: 7,
  balance: usd(main),
  bonus_balance: usd(bonus),
  betting_bonus_balance: usd(0),
  fun_balance: usd(1000),
});

let probe: { session: TGameSession; client: QueryClient } | null = null;

function Probe() {
  const session = useGameSession({ sysname: 'sparkrush_rocket_rush' }, 'real');
  probe = { session, client: useQueryClient() };
  return <BalanceBadge session={session} />;
}

const renderGame = (main: number, bonus: number) => {
  const account = { ...balances(main, bonus), login: 'p', is_registration_completed: true };
  const router = createMemoryRouter([{ id: 'root', path: '/', element: <Probe /> }], {
    hydrationData: { loaderData: { root: { account } } },
  });
  renderWithSite(router);
  if (!probe) throw new Error('not rendered');
  return probe;
};

/** Runs a step and lets TanStack Query's batched notifications reach the page. */
const step = (run: () => void) =>
  act(async () => {
    run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

const shown = () => [
  screen.getByTestId('game-balance-value').textContent,
  screen.getByTestId('game-bonus-value').textContent,
];

describe('the game balance', () => {
  it('shows real money and the casino bonus apart, named as the header names them', () => {
    renderGame(32.15, 10);
    expect(shown()).toEqual(['$32.15', '$10.00']);
    expect(screen.getByTestId('game-balance').textContent).toBe('Real money$32.15Casino bonus$10.00');
  });

  it("is the header's: a bet the table paid (an auto cash-out) counts once, with the socket's balance", async () => {
    const { client } = renderGame(48.84, 0);
    // The open bet holds the balance; the player's socket brings the cash-out (as the header gets it), then the
    // table's bet event tells the screen.
    await step(() => probe?.session.hold('crash-bet'));
    await step(() => balanceGateOf(client).offer(balances(50.04, 0)));
    expect(shown()).toEqual(['$48.84', '$0.00']);
    await step(() => probe?.session.settledByTable('crash-bet', 1.2));
    expect(shown()).toEqual(['$50.04', '$0.00']);
    expect(client.getQueryData<TAccountInfo>(['account', 'info'])?.balance.amount).toBe(50.04);
  });

  it('holds the socket while a shared round is shown, and shows the newest balance when it ends', async () => {
    const { client } = renderGame(40, 0);
    await step(() => probe?.session.hold('table:1'));
    await step(() => balanceGateOf(client).offer(balances(38, 0)));
    await step(() => balanceGateOf(client).offer(balances(74, 0)));
    expect(shown()).toEqual(['$40.00', '$0.00']);
    await step(() => probe?.session.settledByTable('table:1', 36));
    expect(shown()).toEqual(['$74.00', '$0.00']);
  });
});
