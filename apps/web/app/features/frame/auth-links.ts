/**
 * Opening the authentication popup: a URL flag (spec §2 `show_popup_auth`, `show_popup_reg`) that the popup
 * reads, so the buttons are plain links and work before hydration too. With the operator's popup off (spec §3
 * popup fallback `authPopupEnabled` false) the same buttons lead to the sign-in and sign-up pages instead.
 */
import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useLocaleHref, useSite } from './use-site';

export type TAuthView = 'auth' | 'reg';

export const authPopupSearch = (search: string, view: TAuthView) => {
  const params = new URLSearchParams(search);
  params.delete('show_popup_auth');
  params.delete('show_popup_reg');
  params.set(view === 'auth' ? 'show_popup_auth' : 'show_popup_reg', '1');
  return `?${params}`;
};

/** The sign-in or sign-up page under the locale; the page's redirectUrl (the access rule's) goes along. */
export const authPageHref = (search: string, view: TAuthView, localised: (path: string) => string) => {
  const page = localised(view === 'auth' ? paths.forms.signIn : paths.forms.signUp);
  const redirectUrl = new URLSearchParams(search).get('redirectUrl');
  return redirectUrl ? `${page}?${new URLSearchParams({ redirectUrl })}` : page;
};

/** Where a sign-in or sign-up button leads on this page: the popup's flag, or the page when the popup is off. */
export const useAuthHref = () => {
  const popupEnabled = useSite()?.cms?.authPopupEnabled !== false;
  const { search } = useLocation();
  const localeHref = useLocaleHref();
  return useCallback(
    (view: TAuthView) =>
      popupEnabled ? authPopupSearch(search, view) : authPageHref(search, view, localeHref),
    [popupEnabled, search, localeHref],
  );
};
