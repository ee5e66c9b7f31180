/**
 * Who a popup or a deposit offer shows to (issue 40, ADR 066): the site locales and the player countries it lists
 * (an empty list: everyone). A visitor has no known country, so a country-targeted item shows to signed-in players
 * of those countries only. Saved player segments (the CRM's) are not a targeting yet: no front door offers them.
 */
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
  (item.countries.length === 0 ||
    (who.country !== null && item.countries.includes(who.country.toUpperCase())));

/** A list field ("en, de" or "GB DE") as the codes it names: locales lower case, countries upper case. */
export const codesOf = (text: string, kind: 'locale' | 'country') =>
  [...new Set(text.split(/[\s,]+/).filter(Boolean))].map((code) =>
    kind === 'locale' ? code.toLowerCase() : code.toUpperCase(),
  );

export const isCodeList = (codes: readonly string[], kind: 'locale' | 'country') =>
  codes.length <= 60 && codes.every((code) => (kind === 'locale' ? /^[a-z]{2}$/ : /^[A-Z]{2}$/).test(code));
