import { describe, expect, it } from 'vitest';
import { poolMoney } from './format';

describe('poolMoney', () => {
  it('keeps the cents in the amount and the digits below a cent apart, so half a cent shows', () => {
    expect(poolMoney('10.000000', 'USD', 'en')).toEqual({ main: '$10.00', sub: '', tail: '' });
    expect(poolMoney('10.005000', 'USD', 'en')).toEqual({ main: '$10.00', sub: '5', tail: '' });
    expect(poolMoney('10.010000', 'USD', 'en')).toEqual({ main: '$10.01', sub: '', tail: '' });
    expect(poolMoney('1234.567891', 'USD', 'en')).toEqual({ main: '$1,234.56', sub: '7891', tail: '' });
  });

  it("writes the locale's format, the currency where the locale puts it", () => {
    expect(poolMoney('10.005000', 'EUR', 'de')).toEqual({ main: '10,00', sub: '5', tail: '\u00a0€' });
    expect(poolMoney('10.000200', 'USD', 'pt').main).toBe('US$\u00a010,00');
    expect(poolMoney('10.000200', 'USD', 'pt').sub).toBe('02');
  });

  it('keeps every digit of a large pool (a number would round them away)', () => {
    expect(poolMoney('123456789012.345678', 'USD', 'en')).toEqual({
      main: '$123,456,789,012.34',
      sub: '5678',
      tail: '',
    });
  });
});
