import { describe, expect, it } from 'vitest';
import { formatMoney, toCents, toMajor } from './money.ts';

describe('money', () => {
  it('parses major units into cents exactly', () => {
    expect(toCents('1,234.5')).toBe(123450n);
    expect(toCents(0.1 + 0.2)).toBe(30n);
    expect(toCents('-2.05')).toBe(-205n);
    expect(() => toCents('1.234')).toThrow(RangeError);
  });
  it('formats with thousands commas and 2 decimals', () => {
    expect(formatMoney(123456789n, 'USD')).toBe('$1,234,567.89');
    expect(formatMoney(5n)).toBe('0.05');
    expect(formatMoney(-100n, 'USD')).toBe('-$1.00');
    expect(toMajor(1999n)).toBe(19.99);
  });
});
