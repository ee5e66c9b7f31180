/**
 * What runs for a player on every page whatever its layout (spec §4), mounted by the root so that the game
 * layout (`/game/*`) and the empty layout have them too: the inactivity warning and forced logout, the loyalty
 * notices, the unseen-cashback check (once a page load) and the campaign popups targeted at the page.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { whenIdle } from '../../lib/idle';
import { useAccount } from '../account/use-account';
import { useLocaleHref, useSite } from '../frame/use-site';
import { LoyaltyNotices } from '../loyalty/components/loyalty-notices';
import { inactivitySecondsFor } from './inactivity-times';
import { useInactivityLogout } from './use-inactivity';

/** The path as routes.ts names it: without the locale prefix (the default locale has none). */
export const stripLocale = (pathname: string, locale: string, defaultLocale: string) =>
  locale && locale !== defaultLocale && (pathname === `/${locale}` || pathname.startsWith(`/${locale}/`))
    ? pathname.slice(locale.length + 1) || '/'
    : pathname;

export function RootBehaviours() {
  const site = useSite();
  const account = useAccount();
  const localeHref = useLocaleHref();
  const { pathname, search, hash } = useLocation();
  const page = stripLocale(pathname, site?.locale ?? '', site?.defaultLocale ?? '');
  // The cashier and the payment pages may have their own time (spec §3 general info).
  useInactivityLogout(
    inactivitySecondsFor(page, site?.generalInfo),
    account !== null,
    localeHref(paths.home),
  );
  const uid = account?.uid ?? 0;
  // Spec §4 unseen cashback: checked once a page load for a player, in a chunk of its own (not on every page's JS).
  useEffect(() => {
    if (uid > 0)
      void import('../bonuses/unseen-cashback')
        .then((unseen) => unseen.checkUnseenCashbackOnce())
        .catch(() => {});
  }, [uid]);
  // Campaign popups (spec §2): the server targets them by page; the preview link opens one whatever its targeting.
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
  return <LoyaltyNotices />;
}
