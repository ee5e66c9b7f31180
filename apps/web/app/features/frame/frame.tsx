/** The default frame: header, page, footer, mobile navigation, chat badge; runs the inactivity timer. */

import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n-lite';
import { whenIdle } from '../../lib/idle';
import { useAccount } from '../account/use-account';
import { useInactivityLogout } from '../session/use-inactivity';
import { ChatLauncher } from './chat-launcher';
import { Footer } from './footer';
import { Header } from './header';
import { MobileNav } from './mobile-nav';
import { useLocaleHref, useSite } from './use-site';

/** The path as routes.ts names it: without the locale prefix (the default locale has none). */
const stripLocale = (pathname: string, locale: string, defaultLocale: string) =>
  locale && locale !== defaultLocale && (pathname === `/${locale}` || pathname.startsWith(`/${locale}/`))
    ? pathname.slice(locale.length + 1) || '/'
    : pathname;

export function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  const site = useSite();
  const account = useAccount();
  const localeHref = useLocaleHref();
  useInactivityLogout(site?.generalInfo.time_to_force_logout ?? 0, account !== null, localeHref(paths.home));
  const uid = account?.uid ?? 0;
  // Spec §4 unseen cashback: checked once a page load for a player, in a chunk of its own (not on every page's JS).
  useEffect(() => {
    if (uid > 0)
      void import('../bonuses/unseen-cashback')
        .then((unseen) => unseen.checkUnseenCashbackOnce())
        .catch(() => {});
  }, [uid]);
  // Campaign popups (spec §2): the server targets them by page; the preview link opens one whatever its targeting.
  const { pathname, search, hash } = useLocation();
  const page = stripLocale(pathname, site?.locale ?? '', site?.defaultLocale ?? '');
  useEffect(() => {
    const preview = hash === '#popup-preview' ? Number(new URLSearchParams(search).get('popup')) : 0;
    // After hydration, when the browser is idle: a popup never delays the page.
    return whenIdle(() => {
      void import('../bonuses/campaign-popups')
        .then(async (popups) => {
          if (preview > 0) await popups.openPopupPreview(preview);
          else await popups.checkCampaignPopups(page);
        })
        .catch(() => {});
    });
  }, [page, search, hash]);
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="skip-link">
        {t('header.skipToContent', { defaultValue: 'Skip to content' })}
      </a>
      <Header account={account} />
      <main id="main" className="mx-auto w-full max-w-[1600px] flex-1 px-4 lg:px-6">
        {children}
      </main>
      {/* Below the fold: hydrated in its own pass, after the page above it. */}
      <Suspense fallback={null}>
        <Footer signedIn={account !== null} />
      </Suspense>
      <MobileNav signedIn={account !== null} />
      <ChatLauncher />
    </div>
  );
}
