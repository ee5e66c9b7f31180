import '@testing-library/jest-dom/vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_REG_FLAG } from '../lib/auth-links.ts';
import { lastLocation, renderAuth, resetDialogs } from '../test/render-auth.tsx';

afterEach(() => {
  resetDialogs();
  window.history.replaceState(null, '', '/');
});

const at = (url: string) => {
  window.history.replaceState(null, '', url);
  return url;
};

describe('popup URL flags', () => {
  it('show_popup_reg opens registration, is kept in local storage, and is removed from the URL on close', async () => {
    const user = userEvent.setup();
    renderAuth({ withRoot: true, url: at('/promotions?show_popup_reg=1&x=2') });
    expect(await screen.findByRole('dialog', { name: 'Registration' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_REG_FLAG)).toBe('1');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(lastLocation.current).toBe('/promotions?x=2'));
    expect(localStorage.getItem(STORAGE_REG_FLAG)).toBeNull();
  });

  it('show_popup_auth with prevent_close=1 opens a sign-in popup that cannot be closed', async () => {
    const user = userEvent.setup();
    renderAuth({ withRoot: true, url: at('/?show_popup_auth=1&prevent_close=1') });
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('#real on a game page opens registration; closing goes to the index', async () => {
    const user = userEvent.setup();
    renderAuth({ withRoot: true, url: at('/game/book-of-gold#real') });
    expect(await screen.findByRole('dialog', { name: 'Registration' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(lastLocation.current).toBe('/'));
  });

  it('a signed-in player never gets the flag popup, but an incomplete registration opens socialRegistration', async () => {
    renderAuth({
      withRoot: true,
      url: at('/?show_popup_auth=1'),
      site: {
        account: { uid: 5, is_registration_completed: false } as never,
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Complete your registration' });
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).not.toBeInTheDocument();
    // The account exists only with the terms accepted (issue 41): completing it does not ask them again.
    expect(within(dialog).queryByRole('checkbox', { name: /I accept/ })).not.toBeInTheDocument();
  });
});
