/** Mounted by the default layout: the loyalty notices of a signed-in player (hooks/use-loyalty-notices). */
import { useLoyaltyNotices } from '../hooks/use-loyalty-notices';
import { useLoyaltyConfig, useSignedIn } from './loyalty-ui';

export function LoyaltyNotices() {
  const config = useLoyaltyConfig();
  useLoyaltyNotices(useSignedIn() && config.isEnableLoyalty, config);
  return null;
}
