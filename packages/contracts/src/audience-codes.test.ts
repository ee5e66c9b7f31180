import { describe, expect, it } from 'vitest';
import { codesOf, isCodeList, isInCountries, MAX_AUDIENCE_CODES } from './audience-codes.ts';

describe('audience codes', () => {
  it('reads a list field as codes of its kind, each once whatever its case', () => {
    expect(codesOf('gb, GB  de', 'country')).toEqual(['GB', 'DE']);
    expect(codesOf('EN,de en', 'locale')).toEqual(['en', 'de']);
    expect(codesOf('  ', 'country')).toEqual([]);
  });

  it('takes two-letter codes of the kind, at most the maximum', () => {
    expect(isCodeList(['GB', 'DE'], 'country')).toBe(true);
    expect(isCodeList(['GBR'], 'country')).toBe(false);
    expect(isCodeList(['gb'], 'country')).toBe(false);
    expect(isCodeList(['en'], 'locale')).toBe(true);
    expect(
      isCodeList(
        Array.from({ length: MAX_AUDIENCE_CODES + 1 }, () => 'GB'),
        'country',
      ),
    ).toBe(false);
  });

  it('lets everyone through an empty list, and no one without a country through a list', () => {
    expect(isInCountries([], null)).toBe(true);
    expect(isInCountries(['GB'], 'gb')).toBe(true);
    expect(isInCountries(['GB'], 'DE')).toBe(false);
    expect(isInCountries(['GB'], null)).toBe(false);
  });
});
