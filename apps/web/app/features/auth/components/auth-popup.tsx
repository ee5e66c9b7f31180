/**
 * The authentication popup (spec §2): five views, a title per view, the banner panel beside the form, and
 * what happens after a successful login, two-factor step or registration (spec §4).
 */
import type { TAuthAccount } from '@casino/contracts/calls/auth';
import { DEFAULT_CURRENCY } from '@casino/contracts/money';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../lib/i18n-lite';
import { openDialogPlace } from '../../../ui/dialogs/dialog-places.tsx';
import { dialogStore, type TDialogControls } from '../../../ui/dialogs/dialog-store.ts';
import { toast } from '../../../ui/toasts/toast-store.ts';
import type { TPromoActivated } from '../../bonuses/api/bonuses-api';
import { type TAuthApi, useAuthApi } from '../api/auth-api.ts';
import { useAuthSite } from '../hooks/use-auth-site.ts';
import { useRegistrationConfig } from '../hooks/use-registration-config.ts';
import {
  accountLocale,
  afterRegistrationTarget,
  isInFrame,
  postRefreshUser,
  readStored,
  removeStored,
  STORAGE_BETTING,
  STORAGE_PROMO_CODE,
  STORAGE_REG_FLAG,
} from '../lib/auth-links.ts';
import { panelBanner } from '../lib/panel-banner.ts';
import { AuthBanner } from './auth-banner.tsx';
import {
  AuthPopupContext,
  type TAuthPopupContext,
  type TAuthView,
  type TTwoFactorPending,
} from './auth-popup-context.ts';
import { LoginForm } from './login-form.tsx';
import { RegistrationView } from './registration-view.tsx';
import { RestoreForm } from './restore-form.tsx';
import { SocialRegistration } from './social-registration.tsx';
import { TwoFactorForm } from './twofa-form.tsx';

export interface TAuthPopupProps {
  initialView: TAuthView;
  dialog: TDialogControls;
  /** The labelled-by id the dialog was opened with. */
  titleId: string;
  /** Opens a fresh popup (after a social sign-in whose registration is not complete). */
  reopen: (view: TAuthView) => void;
}

/**
 * Activates the promo code kept from a `?promo_code` link (spec §3) and forgets it; a refused code is dropped
 * quietly (the visitor may have used it already). After a sign-in the activated popup says what it gave.
 */
const activateStoredPromo = async (authApi: TAuthApi, options: { showActivated: boolean }) => {
  const code = readStored(STORAGE_PROMO_CODE);
  if (!code) return;
  removeStored(STORAGE_PROMO_CODE);
  const activated = await authApi.activatePromoCode(code).catch(() => null);
  if (!activated || !options.showActivated) return;
  await import('../../bonuses/dialogs/bonus-dialogs')
    .then((dialogs) => dialogs.openPromoActivated(activated as TPromoActivated))
    .catch(() => undefined);
};

export function AuthPopup({ initialView, dialog, titleId, reopen }: TAuthPopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const authApi = useAuthApi();
  const site = useAuthSite();
  const config = useRegistrationConfig();
  const [view, setView] = useState<TAuthView>(initialView);
  const [twoFactor, setTwoFactor] = useState<TTwoFactorPending | null>(null);
  const [isMarketingPaused, setMarketingPaused] = useState(false);

  const isNonClosable = view === 'socialRegistration';
  const { update } = dialog;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the controls object is new on every render; only the view matters
  useEffect(() => {
    if (isNonClosable) update({ preventClose: true });
  }, [isNonClosable]);

  const title = {
    authorization: t('auth.login.title', { defaultValue: 'Sign in' }),
    registration: t('auth.register.title', { defaultValue: 'Registration' }),
    restore: t('auth.restore.title', { defaultValue: 'Password recovery' }),
    twofa: t('auth.twofa.title', { defaultValue: 'Two-factor authentication' }),
    socialRegistration: t('auth.social.registrationTitle', { defaultValue: 'Complete your registration' }),
  }[view];

  const context = useMemo(
    (): TAuthPopupContext => ({
      view,
      setView,
      twoFactor,
      startTwoFactor: (pending) => {
        setTwoFactor(pending);
        setView('twofa');
      },
      close: dialog.close,
      onMarketingPaused: () => {
        setMarketingPaused(true);
        // The refusal left the rg_pause cookie: the root's cms reloads without the page's banners too.
        void site.refreshUser();
      },
      onSignedIn: async (account: TAuthAccount) => {
        setTwoFactor(null);
        postRefreshUser();
        await site.refreshUser();
        dialog.close();
        if (!account.is_registration_completed) {
          reopen('socialRegistration');
          return;
        }
        // Spec §3/§4: a promo code the visitor arrived with is activated once they are signed in.
        await activateStoredPromo(authApi, { showActivated: true });
        // Spec §4 Login step 5: the index of the account's locale, not the page's (issue 41).
        if (!isInFrame()) navigate(site.localised('/', accountLocale(account.locale, site.locales)));
      },
      onRegistered: async (_account, options = {}) => {
        // Spec §4 Registration step 2: the stored promo code, unless the form carried it (the server took it).
        if (options.promoSent) removeStored(STORAGE_PROMO_CODE);
        else await activateStoredPromo(authApi, { showActivated: false });
        removeStored(STORAGE_BETTING);
        removeStored(STORAGE_REG_FLAG);
        postRefreshUser();
        await site.refreshUser();
        const search = typeof window === 'undefined' ? '' : window.location.search;
        dialog.close();
        toast.show({
          type: 'register',
          message: t('auth.register.success', { defaultValue: 'Welcome! Your account has been created' }),
        });
        // Spec §4 Registration step 4: e-mail confirm, unseen cashback, campaign — one after another, each
        // queued behind the one before; step 5, the deposit page, comes once the player has seen them all.
        if (config.confirmEmailPopup) openDialogPlace('confirm-email', {}, { queue: true });
        await import('../../bonuses/unseen-cashback')
          .then((unseen) => unseen.checkUnseenCashback())
          .catch(() => undefined);
        await import('../../bonuses/campaign-popups')
          .then((popups) =>
            popups.checkCampaignPopups(
              new URL(
                afterRegistrationTarget(search, (p) => p),
                'http://site',
              ).pathname,
            ),
          )
          .catch(() => undefined);
        if (isInFrame()) return;
        const page = window.location.href;
        await dialogStore.settled();
        // A queued dialog that took the player elsewhere (a campaign's button) wins over the deposit page.
        if (window.location.href === page) navigate(afterRegistrationTarget(search, site.localised));
      },
    }),
    [view, twoFactor, dialog.close, site, navigate, reopen, authApi, config.confirmEmailPopup, t],
  );

  const banner = panelBanner({
    config: config.banner,
    operator: isMarketingPaused ? null : site.authBanner,
    currency: site.account?.balance?.currency || DEFAULT_CURRENCY,
    t,
  });
  const showsBanner =
    (banner !== null && view !== 'socialRegistration') ||
    (view === 'registration' && config.showCharacterSelect);

  return (
    <AuthPopupContext value={context}>
      <div className="flex min-h-full flex-col md:min-h-[624px] md:flex-row" data-auth-view={view}>
        {showsBanner && (
          <div className="px-4 pt-14 md:flex md:p-0">
            <AuthBanner banner={banner ?? { type: 'normal' }} />
          </div>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-5 px-5 pb-6 pt-5 sm:px-8 md:max-h-[min(90vh,760px)] md:overflow-y-auto md:pt-8">
          <h2 id={titleId} className="pe-10 text-2xl font-bold tracking-tight">
            {title}
          </h2>
          {view === 'authorization' && <LoginForm validationMode={config.validationStrategy} />}
          {view === 'registration' && <RegistrationView config={config} />}
          {view === 'restore' && <RestoreForm validationMode={config.validationStrategy} />}
          {view === 'twofa' && twoFactor && <TwoFactorForm pending={twoFactor} />}
          {view === 'twofa' && !twoFactor && <LoginForm validationMode={config.validationStrategy} />}
          {view === 'socialRegistration' && <SocialRegistration config={config} />}
        </div>
      </div>
    </AuthPopupContext>
  );
}
