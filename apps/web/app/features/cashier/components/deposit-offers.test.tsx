import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { DepositForm } from './deposit-form';

/** The deposit offers of the form against server answers shaped like campaigns.getoffers. */
const METHOD = { currency: 'USD', min_amount: 10, max_amount: 5000, requisites: [] };
const SETTINGS = {
  methods: [
    { id: 1, sysname: 'card', name: 'Bank card', type: 'card', ...METHOD },
    { id: 3, sysname: 'ewallet', name: 'E-wallet', type: 'ewallet', ...METHOD, min_amount: 5 },
  ],
  amount_presets: [{ currency: 'USD', amount: [{ value: 20 }, { value: 50 }] }],
  currency: 'USD',
  deposit_limit: {
    available_amount: null,
    can_edit: true,
    expired_at: null,
    limit_amount: null,
    period: 'none',
  },
};
const offer = (
  id: number,
  title: string,
  satisfies: boolean,
  params: { exclude_methods: string[]; min_amount: number },
  promotion: { percent: number; max_amount: number; wager: number },
) => ({
  id,
  trigger: { action: 'deposit', user_satisfies_params: satisfies, params },
  description: { title, text: `${title} text`, image: `/_ipx/f_webp/campaigns/art/${id}.svg` },
  promotions: [{ type: 'bonus', ...promotion }],
});
const OFFERS = [
  offer(
    1,
    'Welcome bonus',
    true,
    { exclude_methods: ['ewallet'], min_amount: 20 },
    { percent: 100, max_amount: 200, wager: 35 },
  ),
  offer(
    2,
    'Reload bonus',
    false,
    { exclude_methods: [], min_amount: 20 },
    { percent: 50, max_amount: 100, wager: 30 },
  ),
  offer(
    3,
    'High roller',
    true,
    { exclude_methods: ['ewallet'], min_amount: 250 },
    { percent: 25, max_amount: 500, wager: 25 },
  ),
];

let posted: URLSearchParams | null;
let offerCalls: number;
let refuseWith: string | null;

beforeEach(() => {
  posted = null;
  offerCalls = 0;
  refuseWith = null;
  vi.spyOn(window, 'open').mockImplementation(() => null);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const name = new URL(input, 'http://site.test').pathname.replace('/api/', '');
      const reply = (data: unknown) => new Response(JSON.stringify({ data, error: null }));
      if (name === 'cashier.getdepositsettings') return reply(SETTINGS);
      if (name === 'campaigns.getoffers') {
        offerCalls++;
        // After a refusal the welcome offer is gone (the player's state changed).
        return reply({ items: offerCalls > 1 ? OFFERS.slice(1) : OFFERS, count: 3 });
      }
      if (name === 'cashier.makedeposit') {
        posted = new URLSearchParams(String(init?.body));
        if (refuseWith)
          return new Response(
            JSON.stringify({
              data: null,
              error: {
                type: 'InvalidParameterException',
                error_data: { invalid_parameters: { campaign_offer_id: refuseWith } },
              },
            }),
            { status: 400 },
          );
        return reply({
          transaction_id: 'tx-1',
          redirect_url: 'http://site.test/sandbox-pay/s1',
          status: 'new',
        });
      }
      return new Response(
        JSON.stringify({ data: null, error: { type: 'MethodNotFoundException', error_data: {} } }),
        { status: 404 },
      );
    }),
  );
  // The same-window flow leaves for the payment page.
  vi.spyOn(window.location, 'assign').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderForm = (sysname: string) => {
  const router = createMemoryRouter(
    [{ path: '/cashier/deposit/:sysname', element: <DepositForm sysname={sysname} /> }],
    { initialEntries: [`/cashier/deposit/${sysname}`] },
  );
  renderWithSite(router);
};

describe('deposit offers', () => {
  it('is a radio group of "No bonus" and the offers the player may take with this method', async () => {
    renderForm('card');
    const group = await screen.findByRole('group', { name: 'Bonus offer' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(['-1', '1', '3']);
    expect(within(group).getByRole('radio', { name: 'No bonus' })).toBeChecked();
    const welcome = within(group).getByRole('radio', { name: 'Welcome bonus' });
    expect(welcome).not.toBeChecked();
    expect(welcome).toHaveAccessibleDescription(
      'Welcome bonus text 100% up to $200.00 · Min deposit $20.00 · Wager 35×',
    );
    expect(screen.queryByTestId('offer-bonus')).toBeNull();
  });

  it('hides the offers that exclude the selected method (spec §6)', async () => {
    renderForm('ewallet');
    await screen.findByLabelText('Amount');
    await waitFor(() => expect(offerCalls).toBe(1));
    expect(screen.queryByRole('group', { name: 'Bonus offer' })).toBeNull();
  });

  it('shows the bonus the typed amount earns, capped, and the minimum when below it', async () => {
    const user = userEvent.setup();
    renderForm('card');
    await user.click(await screen.findByRole('radio', { name: 'Welcome bonus' }));
    expect(screen.getByRole('status')).toHaveTextContent('Enter an amount to see your bonus.');
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '15');
    expect(screen.getByTestId('offer-bonus')).toHaveTextContent('Deposit at least $20.00 to get this bonus.');
    await user.clear(amount);
    await user.type(amount, '75.50');
    expect(screen.getByTestId('offer-bonus')).toHaveTextContent('Your bonus: $75.50');
    await user.clear(amount);
    await user.type(amount, '1000');
    expect(screen.getByTestId('offer-bonus')).toHaveTextContent('Your bonus: $200.00');
    await user.click(screen.getByRole('radio', { name: 'High roller' }));
    expect(screen.getByTestId('offer-bonus')).toHaveTextContent('Your bonus: $250.00');
    await user.click(screen.getByRole('radio', { name: 'No bonus' }));
    expect(screen.queryByTestId('offer-bonus')).toBeNull();
  });

  it('refuses an amount below the offer minimum before sending, then sends the chosen offer', async () => {
    const user = userEvent.setup();
    renderForm('card');
    await user.click(await screen.findByRole('radio', { name: 'Welcome bonus' }));
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '15');
    await user.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deposit at least $20.00 to take this offer.');
    expect(screen.getByRole('group', { name: 'Bonus offer' })).toHaveAccessibleDescription(
      'Deposit at least $20.00 to take this offer.',
    );
    expect(posted).toBeNull();
    await user.type(amount, '0');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(posted?.get('campaign_offer_id')).toBe('1'));
    expect(posted?.get('amount')).toBe('150');
  });

  it("shows the server's refusal of the offer and the offers as they are now", async () => {
    const user = userEvent.setup();
    refuseWith = 'offerNotEligible';
    renderForm('card');
    await user.click(await screen.findByRole('radio', { name: 'Welcome bonus' }));
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This offer is not available to you any more.',
    );
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Welcome bonus' })).toBeNull());
    expect(screen.getByRole('radio', { name: 'No bonus' })).toBeChecked();
    expect(screen.getByRole('alert')).toHaveTextContent('This offer is not available to you any more.');
  });
});
