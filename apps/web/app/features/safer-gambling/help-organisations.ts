/** Help organisations by country (content/help-organisations.json) and the country a visitor most likely needs. */
import data from '../../../../../content/help-organisations.json';

export interface THelpOrganisation {
  name: string;
  url: string;
  phone?: string;
}

const countries = data.countries as Record<string, THelpOrganisation[]>;
export const INTERNATIONAL: THelpOrganisation[] = data.international;
export const HELP_COUNTRIES = Object.keys(countries);

export const organisationsOf = (country: string): THelpOrganisation[] => countries[country] ?? [];

const LOCALE_COUNTRY: Record<string, string> = { en: 'GB', de: 'DE', fr: 'FR', es: 'ES', pt: 'PT' };

/** The player's country when we list it, else the locale's usual one, else none (international only). */
export const defaultHelpCountry = (countryCode: string | undefined, locale: string) => {
  const own = countryCode?.toUpperCase();
  if (own && countries[own]) return own;
  return LOCALE_COUNTRY[locale] ?? '';
};

export { countryName } from '../../lib/country-names';
