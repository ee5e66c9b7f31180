import { describe, expect, it } from 'vitest';
import { FAKENAME_MAX, FAKENAME_MIN } from './validation.ts';
import {
  amountBoundsOf,
  birthDateLimitsOf,
  codeLengthOf,
  codeOfLength,
  confirmationCode,
  fakenameMinOf,
  fakenameWithMin,
  minimumAgeWith,
  narrowBounds,
  postcodePatternOf,
  validatorLimitsOf,
  validatorParamsOf,
} from './validator-config.ts';

const config = (entries: Record<string, Record<string, unknown>>) =>
  Object.entries(entries).map(([field, params]) => ({ field, rules: [field], params }));

describe('the site validator config list (spec §3)', () => {
  it('finds a field’s params, none for a missing field or a malformed list', () => {
    expect(validatorParamsOf(config({ fakename: { min: 6 } }), 'fakename')).toEqual({ min: 6 });
    expect(validatorParamsOf(config({ fakename: { min: 6 } }), 'postcode')).toEqual({});
    expect(validatorParamsOf('nonsense', 'fakename')).toEqual({});
    expect(validatorParamsOf([null, 3], 'fakename')).toEqual({});
  });

  it('raises the nickname minimum between the spec’s 4 and its maximum, never lower', () => {
    expect(fakenameMinOf(config({ fakename: { min: 8 } }))).toBe(8);
    expect(fakenameMinOf(config({ fakename: { min: 2 } }))).toBe(FAKENAME_MIN);
    expect(fakenameMinOf(config({ fakename: { min: 99 } }))).toBe(FAKENAME_MAX);
    expect(fakenameMinOf(config({ fakename: { min: '8' } }))).toBe(FAKENAME_MIN);
    expect(fakenameWithMin(8)('Abcdef7')).toBe('minCountSymbolsFakename');
    expect(fakenameWithMin(8)('Abcdefg8')).toBeNull();
    expect(fakenameWithMin(8)('Abc def gh')).toBe('specialSymbolsFakename');
  });

  it('takes a postcode pattern only when it compiles and is short', () => {
    expect(postcodePatternOf(config({ postcode: { regex: '^\\d{5}$' } }))).toBe('^\\d{5}$');
    expect(postcodePatternOf(config({ postcode: { regex: '([' } }))).toBeUndefined();
    expect(postcodePatternOf(config({ postcode: { regex: `^${'a'.repeat(300)}$` } }))).toBeUndefined();
    expect(postcodePatternOf(config({}))).toBeUndefined();
  });

  it('reads the limits of the seeded config (content/site-config.json)', () => {
    const seeded = config({
      password: { min: 6, max: 20 },
      fakename: { min: 4 },
      postcode: { regex: '^\\d{0,8}$' },
    });
    expect(validatorLimitsOf(seeded)).toEqual({
      passwordMin: 6,
      fakenameMin: 4,
      postcodePattern: '^\\d{0,8}$',
      birthMinAge: undefined,
      birthMinYear: 1900,
      codeLength: 6,
      amount: {},
    });
  });

  it('reads the birth date’s minimum age (stricter only) and earliest year', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(birthDateLimitsOf(config({ birth_date: { minAge: 21, minYear: 1930 } }), now)).toEqual({
      minAge: 21,
      minYear: 1930,
    });
    expect(birthDateLimitsOf(config({ birth_date: { minAge: 150, minYear: 2030 } }), now)).toEqual({
      minAge: undefined,
      minYear: 1900,
    });
    expect(birthDateLimitsOf(config({}), now)).toEqual({ minAge: undefined, minYear: 1900 });
    expect(minimumAgeWith(18, 21)).toBe(21);
    expect(minimumAgeWith(18, 16)).toBe(18);
    expect(minimumAgeWith(20, undefined)).toBe(20);
  });

  it('sets the confirmation code’s length from 6 up to 10, and the rule follows it', () => {
    expect(codeLengthOf(config({ code: { length: 8 } }))).toBe(8);
    expect(codeLengthOf(config({ code: { length: 4 } }))).toBe(6);
    expect(codeLengthOf(config({ code: { length: 40 } }))).toBe(10);
    expect(codeLengthOf(config({}))).toBe(6);
    expect(codeOfLength(8)('12345678')).toBeNull();
    expect(codeOfLength(8)('123456')).toBe('wrongCode');
    expect(codeOfLength(8)('1234567a')).toBe('wrongCode');
    expect(codeOfLength(8)(' ')).toBe('requiredField');
    expect(confirmationCode('1234567890')).toBeNull();
    expect(confirmationCode('12345')).toBe('wrongCode');
  });

  it('reads site-wide amount bounds that narrow a method’s own', () => {
    expect(amountBoundsOf(config({ amount: { currency: 'USD', min: 20, max: 500.5 } }))).toEqual({
      min: 20,
      max: 500.5,
    });
    expect(amountBoundsOf(config({ amount: { min: 0.001, max: -3 } }))).toEqual({});
    expect(amountBoundsOf(config({ amount: { min: 50, max: 10 } }))).toEqual({});
    expect(amountBoundsOf(config({ amount: { currency: 'USD' } }))).toEqual({});
    expect(narrowBounds({ min: 10, max: 1000 }, { min: 20, max: 500 })).toEqual({ min: 20, max: 500 });
    expect(narrowBounds({ min: 30, max: 100 }, { min: 20, max: 500 })).toEqual({ min: 30, max: 100 });
    expect(narrowBounds({ min: 1000n, max: 5000n }, { max: 2000n })).toEqual({ min: 1000n, max: 2000n });
  });
});
