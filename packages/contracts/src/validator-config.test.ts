import { describe, expect, it } from 'vitest';
import { FAKENAME_MAX, FAKENAME_MIN } from './validation.ts';
import {
  fakenameMinOf,
  fakenameWithMin,
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
    });
  });
});
