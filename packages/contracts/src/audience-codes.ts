/**
 * Who a campaign item or a home banner is for, by site locale and player country (issue 40, ADRs 066 and 074): the
 * operator's list fields ("en, de", "GB DE") read as codes, their shape checked, and the country rule (an empty
 * list: everyone; a list leaves out whoever has no known country, as a visitor).
 */
export type TCodeKind = 'locale' | 'country';

/** The most codes a list may hold. */
export const MAX_AUDIENCE_CODES = 60;

/** A list field ("en, de" or "GB DE") as the codes it names: locales lower case, countries upper case, each once. */
export const codesOf = (text: string, kind: TCodeKind) => [
  ...new Set(
    text
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((code) => (kind === 'locale' ? code.toLowerCase() : code.toUpperCase())),
  ),
];

/** A two-letter code of its kind: `en`, `GB`. */
export const isCode = (code: string, kind: TCodeKind) =>
  (kind === 'locale' ? /^[a-z]{2}$/ : /^[A-Z]{2}$/).test(code);

export const isCodeList = (codes: readonly string[], kind: TCodeKind) =>
  codes.length <= MAX_AUDIENCE_CODES && codes.every((code) => isCode(code, kind));

/** Whether a player of `country` (null: unknown, a visitor) is among `countries` (empty: everyone). */
export const isInCountries = (countries: readonly string[], country: string | null) =>
  countries.length === 0 || (country !== null && countries.includes(country.toUpperCase()));
