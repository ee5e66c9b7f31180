import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authPageHref, authPopupSearch, useAuthHref } from './auth-links';

function Buttons() {
  const authHref = useAuthHref();
  return (
    <>
      <a href={authHref('auth')}>Sign in</a>
      <a href={authHref('reg')}>Register</a>
    </>
  );
}

const renderAt = (url: string, cms: Record<string, unknown>) => {
  const site = { locale: 'de', defaultLocale: 'en', cms: { flags: {}, ...cms } };
  const router = createMemoryRouter([{ id: 'root', path: '*', loader: () => site, element: <Buttons /> }], {
    initialEntries: [url],
    hydrationData: { loaderData: { root: site } },
  });
  render(<RouterProvider router={router} />);
};

describe('the sign-in and sign-up buttons follow popupFallback.authPopupEnabled (spec §3)', () => {
  it('open the popup through its query flag when the popup is on (the default)', () => {
    renderAt('/de/promotions?x=1', {});
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '?x=1&show_popup_auth=1');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '?x=1&show_popup_reg=1');
  });

  it('lead to the sign-in and sign-up pages under the locale when the operator turned the popup off', () => {
    renderAt('/de/promotions?redirectUrl=%2Fde%2Fcashier', { authPopupEnabled: false });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/de/forms/sign_in?redirectUrl=%2Fde%2Fcashier',
    );
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/de/forms/sign_up?redirectUrl=%2Fde%2Fcashier',
    );
  });

  it('builds both kinds of address', () => {
    expect(authPopupSearch('?show_popup_reg=1', 'auth')).toBe('?show_popup_auth=1');
    expect(authPageHref('', 'reg', (p) => p)).toBe('/forms/sign_up');
  });
});
