import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { dialogStore } from '../../../ui/dialogs';
import { DialogHost } from '../../../ui/dialogs/dialog-host';
import { HistoryPage } from './history-page';

/** A history item as cashier.gethistory answers it. */
const item = (
  id: string,
  type: 'deposit' | 'withdrawal',
  status: string,
  amount: number,
  reason = null as string | null,
) => ({
  id,
  type,
  status,
  amount,
  currency: 'USD',
  method: 'card',
  requisites: {},
  created_at: 1_800_000_000,
  updated_at: 1_800_000_000,
  can_cancel: type === 'deposit' ? status === 'new' || status === 'pending' : status === 'pending',
  reason,
});

let items: ReturnType<typeof item>[];
let cancelled: URLSearchParams[];

beforeEach(() => {
  items = [
    item('d-new', 'deposit', 'new', 20),
    item('d-ok', 'deposit', 'success', 50),
    item('d-failed', 'deposit', 'failed', 50),
    item('d-cancelled', 'deposit', 'cancelled', 30),
    item('d-expired', 'deposit', 'expired', 25),
    item('d-refunded', 'deposit', 'refunded', 10, 'deposit_limit'),
    item('w-cancelled', 'withdrawal', 'cancelled', 40),
    item('w-pending', 'withdrawal', 'pending', 60),
  ];
  cancelled = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const name = new URL(input, 'http://site.test').pathname.replace('/api/', '');
      const reply = (data: unknown) => new Response(JSON.stringify({ data, error: null }));
      if (name === 'cashier.gethistory') return reply({ items, count: items.length });
      // Only what the cancel confirm reads: the bonus money pending withdrawals hold.
      if (name === 'cashier.getwithdrawsettings')
        return reply({ currency: 'USD', bonus_at_stake: { active: 0, held: 10 } });
      if (name === 'cashier.canceldeposit' || name === 'cashier.cancelwithdrawal') {
        const body = new URLSearchParams(String(init?.body));
        cancelled.push(body);
        items = items.map((i) =>
          i.id === body.get('transaction_id') ? { ...i, status: 'cancelled', can_cancel: false } : i,
        );
        return reply({ transaction_id: body.get('transaction_id'), status: 'cancelled', bonus_returned: 10 });
      }
      return new Response(
        JSON.stringify({ data: null, error: { type: 'MethodNotFoundException', error_data: {} } }),
        { status: 404 },
      );
    }),
  );
});

afterEach(() => {
  act(() => dialogStore.closeAll());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const catalogue = (locale: string) =>
  Object.fromEntries(
    ['cashier', 'common'].map((ns) => [
      ns,
      JSON.parse(
        readFileSync(
          join(import.meta.dirname, `../../../../../../content/locales/${locale}/${ns}.json`),
          'utf8',
        ),
      ),
    ]),
  );

const renderPage = (locale = 'en') => {
  const router = createMemoryRouter(
    [
      {
        path: '/cashier/history',
        element: (
          <>
            <HistoryPage />
            <DialogHost />
          </>
        ),
      },
    ],
    { initialEntries: ['/cashier/history'] },
  );
  renderWithSite(router, { locale, messages: locale === 'en' ? {} : catalogue(locale) });
};

const row = async (id: string) => {
  await screen.findAllByTestId('history-item');
  const found = screen
    .getAllByTestId('history-item')
    .find((li) => within(li).getByRole('link').getAttribute('href')?.includes(id));
  if (!found) throw new Error(`no row ${id}`);
  return found;
};

describe('the history shows each payment as it is', () => {
  it('a credit only for a completed deposit; failed, cancelled, expired and refunded ones are not', async () => {
    renderPage();
    const amount = async (id: string) => within(await row(id)).getByTestId('history-amount').textContent;
    expect(await amount('d-ok')).toBe('+$50.00');
    expect(await amount('d-failed')).toBe('$50.00');
    expect(await amount('d-cancelled')).toBe('$30.00');
    expect(await amount('d-expired')).toBe('$25.00');
    expect(await amount('d-refunded')).toBe('$10.00');
    expect(await amount('d-new')).toBe('$20.00');
    expect(await amount('w-cancelled')).toBe('$40.00');
    expect(within(await row('d-failed')).getByText('Failed')).toBeInTheDocument();
    expect(within(await row('d-expired')).getByText('Expired')).toBeInTheDocument();
    const refunded = await row('d-refunded');
    expect(within(refunded).getByText('Refunded')).toBeInTheDocument();
    expect(refunded).toHaveTextContent('Not credited: it would have passed your deposit limit.');
    // The status filter offers the new states too.
    const filter = screen.getByTestId('history-status');
    expect(within(filter).getByRole('option', { name: 'Expired' })).toBeInTheDocument();
    expect(within(filter).getByRole('option', { name: 'Refunded' })).toBeInTheDocument();
  });

  it('a withdrawal an operator declined reads as declined, with its reason, not as failed', async () => {
    const declinedItem = {
      ...item('w-declined', 'withdrawal', 'failed', 100, 'declined'),
      decline_reason: 'Card not yours',
    };
    items = [declinedItem];
    renderPage();
    const declined = await row('w-declined');
    expect(within(declined).getByText('Declined')).toBeInTheDocument();
    expect(within(declined).queryByText('Failed')).toBeNull();
    expect(declined).toHaveTextContent('Card not yours');
    expect(within(declined).getByTestId('history-amount').textContent).toBe('$100.00');
  });
});

describe('cancelling an open deposit', () => {
  it('asks first, by keyboard: keeping it sends nothing, confirming cancels it', async () => {
    const user = userEvent.setup();
    renderPage();
    const open = await row('d-new');
    expect(within(await row('d-ok')).queryByRole('button')).toBeNull();
    const button = within(open).getByRole('button', { name: 'Cancel payment of $20.00' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this payment?' });
    expect(dialog).toHaveTextContent('Your $20.00 payment will be stopped.');
    // The safe answer has the focus.
    expect(within(dialog).getByRole('button', { name: 'Keep payment' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cancelled).toHaveLength(0);
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('alertdialog', { name: 'Cancel this payment?' });
    await user.tab();
    expect(within(again).getByRole('button', { name: 'Cancel payment' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(cancelled).toHaveLength(1));
    expect(cancelled[0]?.get('transaction_id')).toBe('d-new');
    await vi.waitFor(async () =>
      expect(within(await row('d-new')).getByText('Cancelled')).toBeInTheDocument(),
    );
    expect(within(await row('d-new')).queryByRole('button')).toBeNull();
  });

  it('in the player’s language', async () => {
    const user = userEvent.setup();
    renderPage('de');
    const button = within(await row('d-new')).getByRole('button', { name: /^Zahlung stornieren: /i });
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Diese Zahlung stornieren?' });
    expect(within(dialog).getByRole('button', { name: 'Zahlung behalten' })).toBeInTheDocument();
    expect(within(await row('d-expired')).getByText('Abgelaufen')).toBeInTheDocument();
  });
});

describe('cancelling a pending withdrawal', () => {
  it('asks first, by keyboard, saying the money and the paused bonus come back', async () => {
    const user = userEvent.setup();
    renderPage();
    const button = within(await row('w-pending')).getByRole('button', {
      name: 'Cancel withdrawal of $60.00',
    });
    expect(within(await row('w-cancelled')).queryByRole('button')).toBeNull();
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this withdrawal?' });
    expect(dialog).toHaveTextContent(
      'Your $60.00 withdrawal will be stopped and the money goes back to your balance. Your paused bonus ($10.00) comes back too, unless another pending withdrawal still holds it or it has expired.',
    );
    // Nothing is sent until the player agrees; the safe answer has the focus.
    expect(cancelled).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Keep withdrawal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(cancelled).toHaveLength(0);
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    const again = await screen.findByRole('alertdialog', { name: 'Cancel this withdrawal?' });
    await user.tab();
    expect(within(again).getByRole('button', { name: 'Cancel withdrawal' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(cancelled).toHaveLength(1));
    expect(cancelled[0]?.get('transaction_id')).toBe('w-pending');
    await vi.waitFor(async () =>
      expect(within(await row('w-pending')).getByText('Cancelled')).toBeInTheDocument(),
    );
  });

  it('in the player’s language', async () => {
    const user = userEvent.setup();
    renderPage('de');
    await user.click(
      within(await row('w-pending')).getByRole('button', { name: 'Auszahlung stornieren: $60.00' }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Diese Auszahlung stornieren?' });
    expect(dialog).toHaveTextContent('Dein pausierter Bonus ($10.00) kommt auch zurück');
    expect(within(dialog).getByRole('button', { name: 'Auszahlung behalten' })).toBeInTheDocument();
    expect(cancelled).toHaveLength(0);
  });
});
