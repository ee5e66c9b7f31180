import { paths } from '../../config/paths';
import type { TIconName } from '../../ui/icons';

export interface TNavItem {
  to: string;
  key: string;
  label: string;
  icon: TIconName;
}

export const MAIN_NAV: TNavItem[] = [
  { to: paths.gamehall.root, key: 'header.nav.casino', label: 'Casino', icon: 'casino' },
  { to: paths.gamehall.category('live'), key: 'header.nav.live', label: 'Live casino', icon: 'live' },
  { to: paths.betting, key: 'header.nav.betting', label: 'Sports', icon: 'sport' },
  { to: paths.promotions, key: 'header.nav.promotions', label: 'Promotions', icon: 'gift' },
  { to: paths.tournaments, key: 'header.nav.tournaments', label: 'Tournaments', icon: 'trophy' },
  { to: paths.jackpots, key: 'header.nav.jackpots', label: 'Jackpots', icon: 'jackpot' },
  { to: paths.loyalty.root, key: 'header.nav.loyalty', label: 'Loyalty', icon: 'crown' },
];
