import { describe, expect, it } from 'vitest';
import { COUNTRIES, findCountry, isValidCpf, personalDataFields } from './countries.ts';
import { phone } from './validation.ts';

describe('countries', () => {
  it('has unique ISO codes, digit phone codes and digit masks', () => {
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(40);
    for (const country of COUNTRIES) {
      expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(country.phone_code).toMatch(/^\d{1,3}$/);
      for (const mask of typeof country.mask === 'string' ? [country.mask] : country.mask)
        expect(mask).toMatch(/^[#\s()-]+$/);
      if (country.postcode) expect(() => new RegExp(country.postcode as string)).not.toThrow();
    }
  });

  it('includes the markets the site targets', () => {
    for (const code of [
      'US',
      'GB',
      'DE',
      'FR',
      'ES',
      'IT',
      'BR',
      'MX',
      'AR',
      'CA',
      'AU',
      'IN',
      'TR',
      'AE',
      'SA',
      'EG',
      'NG',
      'ZA',
      'JP',
    ])
      expect(findCountry(code), code).toBeDefined();
    expect(findCountry('gb')?.name).toBe('United Kingdom');
    expect(findCountry('')).toBeUndefined();
  });

  it('validates a phone against its country mask', () => {
    const us = findCountry('US');
    expect(phone(us?.mask)('2125550142')).toBeNull();
    expect(phone(us?.mask)('212555014')).toBe('wrongPhoneFormat');
    const de = findCountry('DE');
    expect(phone(de?.mask)('15112345678')).toBeNull();
    expect(phone(de?.mask)('1511234567')).toBeNull();
  });

  it('checks CPF check digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('1234')).toBe(false);
  });

  it('defines the same field names for every country, with the §3 types', () => {
    const names = personalDataFields(undefined).map((f) => f.sysname);
    for (const country of COUNTRIES)
      expect(personalDataFields(country.code).map((f) => f.sysname)).toEqual(names);
    expect(personalDataFields('KZ').find((f) => f.sysname === 'middle_name')?.params.is_visible).toBe(true);
    expect(personalDataFields('US').find((f) => f.sysname === 'middle_name')?.params.is_visible).toBe(false);
  });
});
