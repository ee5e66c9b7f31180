/**
 * Opens the authentication popup from the URL (spec §2): show_popup_reg / show_popup_auth (the reg flag is
 * also kept in local storage), prevent_close=1, flags removed from the URL on close; `#real` on a game page
 * opens registration and its close goes to the index; a signed-in player whose registration is not complete
 * gets the non-closable socialRegistration view. Mount once in the root, next to <DialogHost/>.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authPageHref } from '../../frame/auth-links.ts';
import { useAuthSite } from '../hooks/use-auth-site.ts';
import {
  isEmbeddedFormPath,
  readPopupFlags,
  readStored,
  rememberPromoFromQuery,
  removeStored,
  STORAGE_REG_FLAG,
  withoutPopupFlags,
  writeStored,
} from '../lib/auth-links.ts';
import { isAuthPopupOpen, openAuthPopup } from '../open-auth-popup.tsx';
// The confirm e-mail prompt opens right after registration: its place must be filled before then.
import '../../profile/dialogs/profile-places';

export function AuthPopupRoot() {
  const location = useLocation();
  const navigate = useNavigate();
  const site = useAuthSite();
  const isVisitor = !site.account || site.account.uid <= 0;
  const isEmbedded = isEmbeddedFormPath(location.pathname);

  // A visitor's ?promo_code waits in local storage for their sign-up or sign-in (spec §3).
  useEffect(() => {
    if (isVisitor) rememberPromoFromQuery(location.search);
  }, [location.search, isVisitor]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the query changes, with the site of that moment
  useEffect(() => {
    if (isEmbedded || !isVisitor) return;
    const flags = readPopupFlags(location.search);
    if (!site.popupEnabled) {
      // The operator's popup is off (spec §3 popup fallback): the flag leads to the sign-in or sign-up page.
      const page = flags.view === 'registration' ? 'reg' : 'auth';
      if (flags.view) navigate(authPageHref(location.search, page, site.localised), { replace: true });
      return;
    }
    if (flags.view === 'registration') writeStored(STORAGE_REG_FLAG, '1');
    const view = flags.view ?? (readStored(STORAGE_REG_FLAG) === '1' ? 'registration' : null);
    if (!view || isAuthPopupOpen()) return;
    openAuthPopup(view, {
      preventClose: flags.preventClose,
      onClose: () => {
        removeStored(STORAGE_REG_FLAG);
        const search = withoutPopupFlags(window.location.search);
        if (search !== window.location.search)
          navigate(
            { pathname: window.location.pathname, search, hash: window.location.hash },
            { replace: true },
          );
      },
    });
  }, [location.search, isVisitor, isEmbedded]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the path and hash only
  useEffect(() => {
    if (!isVisitor || location.hash !== '#real' || !/\/game\//.test(location.pathname)) return;
    if (!site.popupEnabled) {
      navigate(authPageHref('', 'reg', site.localised), { replace: true });
      return;
    }
    openAuthPopup('registration', { onClose: () => navigate(site.localised('/')) });
  }, [location.hash, location.pathname, isVisitor]);

  useEffect(() => {
    if (site.account && site.account.uid > 0 && site.account.is_registration_completed === false)
      openAuthPopup('socialRegistration');
  }, [site.account]);

  return null;
}
