import { paths } from '../../config/paths';
import type { TIconName } from '../../ui/icons';

export interface TNavItem {
  to: string;
  key: string;
  label: string;
  icon: TIconName;
  /** The §3 feature flag that hides it when off. */
  flag?: string;
}

export const MAIN_NAV: TNavItem[] = [
  { to: paths.gamehall.root, key: 'header.nav.casino', label: 'Casino', icon: 'casino' },
  { to: paths.gamehall.category('live'), key: 'header.nav.live', label: 'Live casino', icon: 'live' },
  { to: paths.betting, key: 'header.nav.betting', label: 'Sports', icon: 'sport' },
  { to: paths.promotions, key: 'header.nav.promotions', label: 'Promotions', icon: 'gift' },
  { to: paths.tournaments, key: 'header.nav.tournaments', label: 'Tournaments', icon: 'trophy' },
  { to: paths.jackpots, key: 'header.nav.jackpots', label: 'Jackpots', icon: 'jackpot' },
  {
    to: paths.loyalty.root,
    key: 'header.nav.loyalty',
    label: 'Loyalty',
    icon: 'crown',
    flag: 'isLoyaltyEnable',
  },
];

/** The items whose feature is on (a flag the operator never set counts as on). */
export const navItemsFor = (
  flags: Record<string, boolean> | undefined,
  items: readonly TNavItem[] = MAIN_NAV,
) => items.filter((item) => item.flag === undefined || flags?.[item.flag] !== false);
