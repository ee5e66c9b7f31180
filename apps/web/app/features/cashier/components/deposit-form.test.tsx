import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { DepositForm } from './deposit-form';

/** The server's answers by call name, as envelopes (the API boundary; the form's logic is what is tested). */
const SETTINGS = {
  methods: [
    {
      id: 1,
      sysname: 'card',
      name: 'Bank card',
      type: 'card',
      currency: 'USD',
      min_amount: 10,
      max_amount: 5000,
      requisites: [],
    },
    {
      id: 3,
      sysname: 'ewallet',
      name: 'E-wallet',
      type: 'ewallet',
      currency: 'USD',
      min_amount: 5,
      max_amount: 2000,
      requisites: [],
    },
  ],
  amount_presets: [
    { currency: 'USD', amount: [{ value: 20 }, { value: 50 }, { value: 100 }, { value: 10000 }] },
  ],
  currency: 'USD',
  deposit_limit: {
    available_amount: null,
    can_edit: true,
    expired_at: null,
    limit_amount: null,
    period: 'none',
  },
};
const OFFERS = [
  {
    id: 7,
    trigger: { user_satisfies_params: true, params: { exclude_methods: ['ewallet'] } },
    description: { title: 'Welcome 100%' },
  },
  {
    id: 8,
    trigger: { user_satisfies_params: true, params: { exclude_methods: ['card'] } },
    description: { title: 'E-wallet reload' },
  },
  { id: 9, trigger: { user_satisfies_params: false }, description: { title: 'VIP only' } },
];

let posted: URLSearchParams | null;
let popup: { location: { href: string }; close: ReturnType<typeof vi.fn> };

beforeEach(() => {
  posted = null;
  popup = { location: { href: '' }, close: vi.fn() };
  vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const name = new URL(input, 'http://site.test').pathname.replace('/api/', '');
      const reply = (data: unknown) => new Response(JSON.stringify({ data, error: null }));
      if (name === 'cashier.getdepositsettings') return reply(SETTINGS);
      if (name === 'campaigns.getoffers') return reply({ items: OFFERS, count: OFFERS.length });
      if (name === 'cashier.gethistory') return reply({ items: [], count: 0 });
      if (name === 'cashier.makedeposit') {
        posted = new URLSearchParams(String(init?.body));
        return reply({
          transaction_id: 'tx-1',
          redirect_url: 'http://site.test/sandbox-pay/s1',
          status: 'new',
        });
      }
      return new Response(
        JSON.stringify({ data: null, error: { type: 'MethodNotFoundException', error_data: {} } }),
        {
          status: 404,
        },
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderForm = (sysname: string, amountBounds?: { min?: number; max?: number }) => {
  // The root's site data, with the operator's validator config amount entry when given.
  const site = {
    locale: 'en',
    cms: { flags: {}, ...(amountBounds && { validators: { amount: amountBounds } }) },
  };
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => site,
        children: [
          { path: 'cashier/deposit/:sysname', element: <DepositForm sysname={sysname} /> },
          { path: 'cashier/paynewwindow', element: <p>waiting page</p> },
        ],
      },
    ],
    { initialEntries: [`/cashier/deposit/${sysname}`], hydrationData: { loaderData: { root: site } } },
  );
  renderWithSite(router);
  return router;
};

describe('deposit form', () => {
  it('shows the presets within the method bounds and offers by the §6 rule', async () => {
    renderForm('card');
    const presets = await screen.findByRole('group', { name: 'Quick amounts' });
    expect(
      within(presets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['20', '50', '100']);
    const offers = await screen.findByRole('group', { name: 'Bonus offer' });
    expect(
      within(offers)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['No bonus', 'Welcome 100%']);
  });

  it('checks the amount with the sum rule and sends nothing while it fails', async () => {
    const user = userEvent.setup();
    renderForm('card');
    const amount = await screen.findByLabelText('Amount');
    await user.type(amount, '5');
    await user.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Enter an amount from $10.00 to $5,000.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '05000.999');
    // A leading zero stays visible so that the §5 rule can refuse it.
    expect(amount).toHaveValue('05,000.99');
    expect(screen.getByText('Enter an amount from $10.00 to $5,000.00')).toBeInTheDocument();
    expect(posted).toBeNull();
  });

  it('narrows the method to the operator’s site-wide amount bounds (spec §3 validator config)', async () => {
    const user = userEvent.setup();
    renderForm('card', { min: 25, max: 300 });
    const presets = await screen.findByRole('group', { name: 'Quick amounts' });
    expect(
      within(presets)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['50', '100']);
    await user.type(await screen.findByLabelText('Amount'), '20');
    await user.click(screen.getByTestId('deposit-submit'));
    expect(await screen.findByText('Enter an amount from $25.00 to $300.00')).toBeInTheDocument();
    expect(posted).toBeNull();
  });

  it('deposits with the chosen offer in a new window and waits on paynewwindow', async () => {
    const user = userEvent.setup();
    const router = renderForm('card');
    await user.click(await screen.findByRole('button', { name: '100' }));
    await user.click(await screen.findByRole('radio', { name: 'Welcome 100%' }));
    await user.click(screen.getByLabelText('Open the payment page in a new window'));
    expect(screen.getByTestId('deposit-submit')).toHaveTextContent('Deposit $100.00');
    await user.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cashier/paynewwindow'));
    expect(router.state.location.search).toBe('?transaction=tx-1');
    expect(popup.location.href).toBe('http://site.test/sandbox-pay/s1');
    expect(Object.fromEntries(posted ?? [])).toMatchObject({
      methodId: '1',
      method: 'card',
      amount: '100',
      campaign_offer_id: '7',
      requisites: '{}',
    });
  });

  it('sends campaign_offer_id -1 without an offer', async () => {
    const user = userEvent.setup();
    renderForm('ewallet');
    await user.type(await screen.findByLabelText('Amount'), '1250');
    expect(screen.getByLabelText('Amount')).toHaveValue('1,250');
    await user.click(screen.getByLabelText('Open the payment page in a new window'));
    await user.click(screen.getByTestId('deposit-submit'));
    await waitFor(() => expect(posted?.get('campaign_offer_id')).toBe('-1'));
    expect(posted?.get('amount')).toBe('1250');
  });
});
