/**
 * Who a popup or a deposit offer shows to (issue 40, ADR 066): the site locales and the player countries it lists
 * (an empty list: everyone). A visitor has no known country, so a country-targeted item shows to signed-in players
 * of those countries only. Saved player segments (the CRM's) are not a targeting yet: no front door offers them.
 */
import { isInCountries } from '@casino/contracts/audience-codes';

export interface TTargeting {
  locales: readonly string[];
  countries: readonly string[];
}

export interface TAudience {
  locale: string;
  /** The player's country (ISO 3166-1 alpha-2, upper case); null for a visitor or a player without one. */
  country: string | null;
}

export const isTargeted = (item: TTargeting, who: TAudience) =>
  (item.locales.length === 0 || item.locales.includes(who.locale)) &&
  isInCountries(item.countries, who.country);
