/** Spec §3 popup fallback: with authPopupEnabled false, what would open the popup leads to the auth pages. */
import '@testing-library/jest-dom/vitest';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lastLocation, renderAuth, resetDialogs } from '../test/render-auth.tsx';

afterEach(() => {
  resetDialogs();
  localStorage.clear();
  window.history.replaceState(null, '', '/');
});

const at = (url: string) => {
  window.history.replaceState(null, '', url);
  return url;
};

const popupOff = {
  cms: {
    banners: [],
    pages: [],
    redirects: [],
    localeDetect: 'browser' as const,
    flags: {},
    authPopupEnabled: false,
  },
};

describe('the auth popup turned off by the operator (popupFallback.authPopupEnabled false)', () => {
  it('show_popup_reg goes to the sign-up page, keeping the redirectUrl, and opens no popup', async () => {
    renderAuth({
      withRoot: true,
      url: at('/promotions?show_popup_reg=1&redirectUrl=%2Fcashier'),
      site: popupOff,
    });
    await waitFor(() => expect(lastLocation.current).toBe('/forms/sign_up?redirectUrl=%2Fcashier'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('show_popup_auth goes to the sign-in page, and #real on a game page to the sign-up page', async () => {
    renderAuth({ withRoot: true, url: at('/?show_popup_auth=1'), site: popupOff });
    await waitFor(() => expect(lastLocation.current).toBe('/forms/sign_in'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    resetDialogs();
    renderAuth({ withRoot: true, url: at('/game/book-of-gold#real'), site: popupOff });
    await waitFor(() => expect(lastLocation.current).toBe('/forms/sign_up'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('with the popup on (the default) the same flag opens the popup', async () => {
    renderAuth({ withRoot: true, url: at('/?show_popup_auth=1') });
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
  });
});
