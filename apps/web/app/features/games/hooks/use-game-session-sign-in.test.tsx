/** A session that ended mid-game: sign in again in the popup, or on its page when the operator has the popup off. */
import { act } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { dialogStore } from '../../../ui/dialogs/dialog-store';
import { type TGameSession, useGameSession } from './use-game-session';

let session: TGameSession | null = null;
function Probe() {
  session = useGameSession({ sysname: 'sparkrush_dice_duel' }, 'real');
  return null;
}

const renderGame = (authPopupEnabled: boolean) => {
  const root = {
    locale: 'de',
    defaultLocale: 'en',
    account: {
      uid: 7,
      login: 'p',
      is_registration_completed: true,
      balance: { amount: 10, currency: 'USD' },
      bonus_balance: { amount: 0, currency: 'USD' },
      betting_bonus_balance: { amount: 0, currency: 'USD' },
      fun_balance: { amount: 1000, currency: 'USD' },
    },
    cms: { flags: {}, authPopupEnabled },
  };
  const router = createMemoryRouter(
    [
      { id: 'root', path: '/', loader: () => root, children: [{ path: 'de/game/:id', element: <Probe /> }] },
      { path: '/de/forms/sign_in', element: <p>sign in</p> },
    ],
    { initialEntries: ['/de/game/dice'], hydrationData: { loaderData: { root } } },
  );
  renderWithSite(router);
  return router;
};

describe('a game whose session ended (AuthorizationException)', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ data: null, error: { type: 'AuthorizationException', error_data: {} } }),
            {
              status: 401,
            },
          ),
      ),
    );
  });
  afterEach(() => {
    act(() => dialogStore.closeAll());
    vi.unstubAllGlobals();
  });

  it('goes to the sign-in page under the locale when the popup is off', async () => {
    const router = renderGame(false);
    await act(async () => {
      await session?.play({ bet: '1', params: { target: 50, over: true } });
    });
    expect(router.state.location.pathname).toBe('/de/forms/sign_in');
    expect(dialogStore.isOpen('auth')).toBe(false);
  });

  it('opens the sign-in popup when it is on', async () => {
    const router = renderGame(true);
    await act(async () => {
      await session?.play({ bet: '1', params: { target: 50, over: true } });
    });
    expect(router.state.location.pathname).toBe('/de/game/dice');
    expect(dialogStore.isOpen('auth')).toBe(true);
  });
});
