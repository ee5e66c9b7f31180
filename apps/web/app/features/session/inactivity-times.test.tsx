import '@testing-library/jest-dom/vitest';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../lib/test/render-with-site';
import { dialogStore } from '../../ui/dialogs';
import { DialogHost } from '../../ui/dialogs/dialog-host';
import { inactivitySecondsFor } from './inactivity-times';
import { RootBehaviours } from './root-behaviours';

const INFO = { time_to_force_logout: 1800, user_inactivity_cashier_time: 900, user_inactivity_pp_time: 3600 };

describe('the inactivity time of a page (spec §3 user_inactivity_cashier_time, user_inactivity_pp_time)', () => {
  it('gives the cashier its own time and the payment pages theirs', () => {
    expect(inactivitySecondsFor('/', INFO)).toBe(1800);
    expect(inactivitySecondsFor('/game/dice', INFO)).toBe(1800);
    expect(inactivitySecondsFor('/cashier', INFO)).toBe(900);
    expect(inactivitySecondsFor('/cashier/deposit/card', INFO)).toBe(900);
    expect(inactivitySecondsFor('/cashier/withdraw', INFO)).toBe(900);
    expect(inactivitySecondsFor('/cashier/paysuccess/abc', INFO)).toBe(900);
    expect(inactivitySecondsFor('/cashier/paynewwindow', INFO)).toBe(3600);
    expect(inactivitySecondsFor('/cashier/paymobile', INFO)).toBe(3600);
    expect(inactivitySecondsFor('/cashier/paypending/abc', INFO)).toBe(3600);
    // Not a cashier page that merely starts with the word.
    expect(inactivitySecondsFor('/cashierless', INFO)).toBe(1800);
  });

  it('falls back to time_to_force_logout when a page time is zero or missing', () => {
    const general = { time_to_force_logout: 600, user_inactivity_cashier_time: 0 };
    expect(inactivitySecondsFor('/cashier/deposit', general)).toBe(600);
    expect(inactivitySecondsFor('/cashier/paymobile', general)).toBe(600);
    expect(inactivitySecondsFor('/cashier/deposit', undefined)).toBe(0);
  });
});

describe('the root runs the page’s inactivity time', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: { uid: 7 }, error: null }))),
    );
  });
  afterEach(() => {
    act(() => dialogStore.closeAll());
    vi.unstubAllGlobals();
  });

  it('warns an idle player on the cashier after the cashier’s time, not the site’s half hour', async () => {
    const site = {
      locale: 'de',
      defaultLocale: 'en',
      generalInfo: {
        time_to_force_logout: 1800,
        user_inactivity_cashier_time: 3,
        user_inactivity_pp_time: 0,
      },
      account: { uid: 7, balance: { amount: 0, currency: 'USD' } },
      cms: { flags: {} },
    };
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: () => site,
          element: (
            <>
              <Outlet />
              <RootBehaviours />
              <DialogHost />
            </>
          ),
          children: [{ path: 'de/cashier/deposit', element: <p>the deposit form</p> }],
        },
      ],
      { initialEntries: ['/de/cashier/deposit'], hydrationData: { loaderData: { root: site } } },
    );
    renderWithSite(router);
    expect(screen.getByText('the deposit form')).toBeInTheDocument();
    // 80 % of three seconds idle: the warning with its countdown.
    expect(await screen.findByText('Are you still there?', {}, { timeout: 4_000 })).toBeInTheDocument();
  });
});
