import { COUNTRIES } from '@casino/contracts/countries';
import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './country-names';

describe('country names in the page language (Intl.DisplayNames)', () => {
  it('names a country in each locale, not in English everywhere', () => {
    expect(countryName('DE', 'en')).toBe('Germany');
    expect(countryName('DE', 'de')).toBe('Deutschland');
    expect(countryName('DE', 'fr')).toBe('Allemagne');
    expect(countryName('DE', 'es')).toBe('Alemania');
    expect(countryName('DE', 'pt')).toBe('Alemanha');
    expect(countryName('DE', 'ar')).toBe('ألمانيا');
    expect(countryName('de', 'de')).toBe('Deutschland');
  });

  it('keeps the given name for a code the runtime cannot name', () => {
    expect(countryName('XY', 'de', 'Nowhere')).toBe('Nowhere');
    expect(countryName('not a code', 'de', 'Fallback')).toBe('Fallback');
  });

  it('lists every country of the contracts, named and sorted in the locale', () => {
    for (const locale of ['en', 'de', 'fr', 'es', 'pt', 'ar']) {
      const options = countryOptions(COUNTRIES, locale);
      expect(options).toHaveLength(COUNTRIES.length);
      const labels = options.map((o) => o.label);
      expect([...labels].sort(new Intl.Collator(locale).compare)).toEqual(labels);
    }
    const german = countryOptions(COUNTRIES, 'de');
    const de = german.find((o) => o.value === 'DE');
    expect(de?.label).toBe('Deutschland');
  });
});
