/**
 * Which inactivity time (spec §3 general info, seconds) applies on a page: the cashier has its own
 * (`user_inactivity_cashier_time`: a deposit form takes a while), and so do the payment pages where the player waits
 * while paying in the provider's window (`user_inactivity_pp_time`: new window, mobile, pending). Zero or unset: the
 * site's `time_to_force_logout`, as everywhere else.
 */
import { paths } from '../../config/paths';
import type { TGeneralInfo } from '../../lib/site/types';

const PAYMENT_PAGES = [paths.cashier.payNewWindow, paths.cashier.payMobile, paths.cashier.payPending()];

const under = (page: string, root: string) => page === root || page.startsWith(`${root}/`);

/** `page` is the path without its locale prefix (root-behaviours' stripLocale). */
export const inactivitySecondsFor = (page: string, info: TGeneralInfo | undefined): number => {
  const general = info?.time_to_force_logout ?? 0;
  const own = (value: number | undefined) => (value && value > 0 ? value : general);
  if (PAYMENT_PAGES.some((root) => under(page, root))) return own(info?.user_inactivity_pp_time);
  if (under(page, paths.cashier.root)) return own(info?.user_inactivity_cashier_time);
  return general;
};
