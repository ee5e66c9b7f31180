import { describe, expect, it } from 'vitest';
import { money, points, poolMoney } from './format';

describe('poolMoney', () => {
  it('keeps the cents in the amount and the digits below a cent apart, so half a cent shows', () => {
    expect(poolMoney('10.000000', 'USD')).toEqual({ main: '$10.00', sub: '', tail: '' });
    expect(poolMoney('10.005000', 'USD')).toEqual({ main: '$10.00', sub: '5', tail: '' });
    expect(poolMoney('10.010000', 'USD')).toEqual({ main: '$10.01', sub: '', tail: '' });
    expect(poolMoney('1234.567891', 'USD')).toEqual({ main: '$1,234.56', sub: '7891', tail: '' });
    expect(poolMoney('10.000200', 'EUR')).toEqual({ main: '€10.00', sub: '02', tail: '' });
    expect(poolMoney('7', 'XYZ')).toEqual({ main: 'XYZ 7.00', sub: '', tail: '' });
  });

  it('keeps every digit of a large pool (a number would round them away)', () => {
    expect(poolMoney('123456789012.345678', 'USD')).toEqual({
      main: '$123,456,789,012.34',
      sub: '5678',
      tail: '',
    });
  });
});

describe('competition money and points (§9: the same in every locale)', () => {
  it('thousands commas and 2 decimals with the symbol; points with commas', () => {
    expect(money(1234.5, 'USD')).toBe('$1,234.50');
    expect(money(1000000, 'EUR')).toBe('€1,000,000.00');
    expect(points(12345.678, 'sum')).toBe('12,345.68');
    expect(points(2.5, 'multiplier')).toBe('×2.5');
  });
});
