import '@testing-library/jest-dom/vitest';
import type { TBet } from '@casino/contracts/calls/sportsbook';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { dialogStore } from '../../../ui/dialogs';
import { DialogHost } from '../../../ui/dialogs/dialog-host';
import { BetCard } from './bet-card';

const BET: TBet = {
  id: 42,
  bet_uuid: 'b-42',
  type: 'single',
  system_size: null,
  system_name: null,
  lines: 1,
  stake: 10,
  total_stake: 10,
  odds: 2.5,
  potential_payout: 25,
  payout: 0,
  status: 'open',
  live: true,
  cashout_value: 1234.5,
  currency: 'USD',
  placed_at: '2026-11-29T10:00:00Z',
  settled_at: null,
  legs: [],
};

let cashouts: string[];
beforeEach(() => {
  cashouts = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const name = new URL(input, 'http://site.test').pathname.replace('/api/', '');
      if (name === 'sportsbook.cashout') cashouts.push(String(init?.body ?? ''));
      return new Response(JSON.stringify({ data: { ok: true }, error: null }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  act(() => dialogStore.closeAll());
});

const renderCard = () =>
  renderWithSite(
    createMemoryRouter(
      [
        {
          path: '/',
          element: (
            <>
              <BetCard bet={BET} />
              <DialogHost />
            </>
          ),
        },
      ],
      { initialEntries: ['/'] },
    ),
  );

describe('cashing a bet out', () => {
  it('asks first, by keyboard: keeping the bet sends nothing, agreeing cashes it out', async () => {
    const user = userEvent.setup();
    renderCard();
    const button = screen.getByTestId('cashout');
    expect(button).toHaveTextContent('Cash out $1,234.50');
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cash out this bet?' });
    expect(dialog).toHaveTextContent('You get $1,234.50 now and bet #42 is settled');
    // The safe answer has the focus: Enter keeps the bet and nothing is sent.
    expect(within(dialog).getByRole('button', { name: 'Keep the bet' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cashouts).toHaveLength(0);
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('alertdialog', { name: 'Cash out this bet?' });
    await user.click(within(again).getByRole('button', { name: 'Cash out $1,234.50' }));
    await vi.waitFor(() => expect(cashouts).toHaveLength(1));
    expect(cashouts[0]).toContain('1234.50');
  });

  it('Escape closes the question without cashing out', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByTestId('cashout'));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cashouts).toHaveLength(0);
  });
});
