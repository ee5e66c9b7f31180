/** The bottom navigation below 768 px (spec §2 device class mobile). */
import { useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useTranslation } from '../../lib/i18n-lite';
import { Icon, type TIconName } from '../../ui/icons';
import { discoverAttributes } from './route-discovery';
import { navLinkProps, useSpaClick } from './spa-links';
import { useLocaleHref, useSite } from './use-site';

const ITEMS: { to: string; key: string; label: string; icon: TIconName }[] = [
  { to: paths.home, key: 'header.nav.home', label: 'Home', icon: 'home' },
  { to: paths.gamehall.root, key: 'header.nav.casino', label: 'Casino', icon: 'casino' },
  { to: paths.betting, key: 'header.nav.betting', label: 'Sports', icon: 'sport' },
  { to: paths.promotions, key: 'header.nav.promotions', label: 'Promotions', icon: 'gift' },
];

export function MobileNav({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const localeHref = useLocaleHref();
  const onClick = useSpaClick();
  const loyaltyOn = useSite()?.cms.flags.isLoyaltyEnable !== false;
  const items = [
    ...ITEMS,
    signedIn
      ? { to: paths.profile.settings, key: 'header.profile', label: 'Profile', icon: 'user' as const }
      : loyaltyOn
        ? { to: paths.loyalty.root, key: 'header.nav.loyalty', label: 'Loyalty', icon: 'crown' as const }
        : {
            to: paths.tournaments,
            key: 'header.nav.tournaments',
            label: 'Tournaments',
            icon: 'trophy' as const,
          },
  ];
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: only the links inside are clicked (Enter on a link clicks it too)
    <nav aria-label="Mobile" className="mobile-nav fixed inset-x-0 bottom-0 z-30 md:hidden" onClick={onClick}>
      <ul className="grid grid-cols-5">
        {items.map((item) => (
          <li key={item.key}>
            <a
              href={localeHref(item.to)}
              {...discoverAttributes()}
              {...navLinkProps(pathname, localeHref(item.to), 'mobile-nav-link', item.to === paths.home)}
            >
              <Icon name={item.icon} />
              <span>{t(item.key, { defaultValue: item.label })}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
