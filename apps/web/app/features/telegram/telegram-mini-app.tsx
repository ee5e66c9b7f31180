/**
 * Mounted only inside Telegram (lib/telegram.ts decides; features/integrations loads this lazily): loads
 * Telegram's script, signs the visitor in from initData once per page load, applies the WebApp theme and wires
 * its back button to the history.
 */
import type { TAuthAccount } from '@casino/contracts/calls/auth';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api/browser';
import { useTranslation } from '../../lib/i18n-lite';
import { TELEGRAM_READY_EVENT } from '../../lib/telegram-fullscreen';
import { toast } from '../../ui/toasts';
import { useAccount } from '../account/use-account';
import { useAuthSite } from '../auth/hooks/use-auth-site';
import { injectScript } from '../live-chat/load-script';
import {
  applyTheme,
  historyIndex,
  loadWebApp,
  signInWithInitData,
  type TTelegramWebApp,
  wireBackButton,
} from './telegram-webapp';

export default function TelegramMiniApp() {
  const [webApp, setWebApp] = useState<TTelegramWebApp | null>(null);
  const account = useAccount();
  const site = useAuthSite();
  const location = useLocation();
  const navigate = useNavigate();
  const tried = useRef(false);
  const { t } = useTranslation();

  useEffect(() => {
    let cancelled = false;
    loadWebApp(window, (src) => injectScript(src))
      .then((app) => {
        if (cancelled || !app) return;
        app.ready();
        app.expand?.();
        setWebApp(app);
        // the game page's full-screen toggle may now use Telegram's full screen
        window.dispatchEvent(new Event(TELEGRAM_READY_EVENT));
      })
      // Without Telegram's script the site still works as a plain page.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => (webApp ? applyTheme(document.documentElement, webApp) : undefined), [webApp]);

  // React Router numbers its history entries (state.idx): 0 is where the Mini App opened, nothing of ours behind it.
  const [canGoBack, setCanGoBack] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the history entry is read again on every navigation
  useEffect(() => setCanGoBack(historyIndex(window) > 0), [location.key]);
  useEffect(
    () => (webApp ? wireBackButton(webApp, canGoBack, () => navigate(-1)) : undefined),
    [webApp, canGoBack, navigate],
  );

  const signedIn = account !== null;
  const { refreshUser } = site;
  useEffect(() => {
    if (!webApp || signedIn || tried.current) return;
    // Once per page load: a player who signs out inside Telegram stays out until the app is opened again.
    tried.current = true;
    signInWithInitData(webApp, (payload) => api.post<TAuthAccount>('auth.register', payload))
      .then(async (player) => {
        if (!player) return;
        await refreshUser();
        if (!player.is_registration_completed)
          (await import('../auth/open-auth-popup')).openAuthPopup('socialRegistration');
      })
      // Refused (stale initData, two-factor on, sign-in switched off): spec §8's error toast; the usual sign-in
      // stays available.
      .catch(() =>
        toast.show({
          type: 'error',
          message: t('popups.registration.wrongRegServerError', {
            defaultValue: 'Registration failed. Please check your details and try again.',
          }),
        }),
      );
  }, [webApp, signedIn, refreshUser, t]);

  return null;
}
