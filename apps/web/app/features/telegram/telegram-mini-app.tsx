/**
 * Mounted only inside Telegram (lib/telegram.ts decides; features/integrations loads this lazily): loads
 * Telegram's script, signs the visitor in from initData once per page load, applies the WebApp theme and wires
 * its back button to the history.
 */
import type { TAuthAccount } from '@casino/contracts/calls/auth';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api } from '../../lib/api/browser';
import { isApiError } from '../../lib/api/client';
import { useTranslation } from '../../lib/i18n-lite';
import { TELEGRAM_READY_EVENT } from '../../lib/telegram-fullscreen';
import { dialogStore } from '../../ui/dialogs';
import { toast } from '../../ui/toasts';
import { useAccount } from '../account/use-account';
import { useAuthSite } from '../auth/hooks/use-auth-site';
import { useRegistrationConfig } from '../auth/hooks/use-registration-config';
import { RichText } from '../auth/lib/rich-text';
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
  const { minimumAge } = useRegistrationConfig();

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
    const register = (payload: Record<string, string>) => api.post<TAuthAccount>('auth.register', payload);
    const signIn = async (termsAccepted: boolean) => {
      const player = await signInWithInitData(webApp, register, termsAccepted);
      if (!player) return;
      await refreshUser();
      if (!player.is_registration_completed)
        (await import('../auth/open-auth-popup')).openAuthPopup('socialRegistration');
    };
    // A new account needs the operator's terms (and age) accepted: the server names `terms` when they are
    // missing, so the player is asked once and, on agreeing, signed up with them. Declining leaves the site open.
    const askTerms = () =>
      dialogStore.confirm({
        id: 'telegram-terms',
        size: 'small',
        title: t('auth.register.title', { defaultValue: 'Registration' }),
        confirm: {
          content: (
            <RichText
              source={t('auth.register.termsLabel', {
                age: minimumAge,
                defaultValue: 'I am at least {age} years old and I accept the Terms and Conditions',
              })}
              linkClassName="font-medium text-[var(--color-accent,#f5b400)] underline underline-offset-2"
            />
          ),
          agreeText: t('auth.social.termsAgree', { defaultValue: 'Accept and continue' }),
        },
      });
    signIn(false)
      .catch(async (error: unknown) => {
        if (!isApiError(error, 'InvalidParameterException') || !error.invalidParameters.terms) throw error;
        if (await askTerms()) await signIn(true);
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
  }, [webApp, signedIn, refreshUser, t, minimumAge]);

  return null;
}
