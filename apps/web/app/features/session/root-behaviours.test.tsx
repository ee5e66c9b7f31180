import '@testing-library/jest-dom/vitest';
import { act, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../lib/test/render-with-site';
import { dialogStore } from '../../ui/dialogs';
import { DialogHost } from '../../ui/dialogs/dialog-host';
import { RootBehaviours, stripLocale } from './root-behaviours';

const SITE = {
  locale: 'en',
  defaultLocale: 'en',
  generalInfo: { time_to_force_logout: 3 },
  account: { uid: 7, balance: { amount: 0, currency: 'USD' } },
  cms: { flags: {} },
};

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

describe('the player’s timers run from the root, whatever the layout', () => {
  it('a game page without the default frame still warns an idle player (time_to_force_logout)', async () => {
    // The root as the site has it (the behaviours beside the outlet) and a game route that is not in the default
    // layout: no Frame, no header, only the game.
    const router = createMemoryRouter(
      [
        {
          id: 'root',
          path: '/',
          loader: () => SITE,
          element: (
            <>
              <Outlet />
              <RootBehaviours />
              <DialogHost />
            </>
          ),
          children: [{ path: 'game/:id', element: <p>the game</p> }],
        },
      ],
      { initialEntries: ['/game/dice'], hydrationData: { loaderData: { root: SITE } } },
    );
    renderWithSite(router);
    expect(screen.getByText('the game')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    // 80 % of three seconds idle: the warning with its countdown.
    expect(await screen.findByText('Are you still there?', {}, { timeout: 4_000 })).toBeInTheDocument();
  });

  it('names the page without its locale prefix for the campaign targeting', () => {
    expect(stripLocale('/de/game/dice', 'de', 'en')).toBe('/game/dice');
    expect(stripLocale('/de', 'de', 'en')).toBe('/');
    expect(stripLocale('/game/dice', 'en', 'en')).toBe('/game/dice');
  });
});
