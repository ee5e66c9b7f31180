import { describe, expect, it } from 'vitest';
import { formatAmount, formatDate, formatDateTime, formatDuration, formatNumber, formatTime } from './format';

describe('the §9 formats (the same in every locale)', () => {
  it('amounts: thousands commas, 2 decimals, the currency symbol', () => {
    expect(formatAmount(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatAmount(1234567.891, 'USD')).toBe('$1,234,567.89');
    expect(formatAmount(0.005, 'USD')).toBe('$0.01');
    expect(formatAmount(-12, 'EUR')).toBe('-€12.00');
    expect(formatAmount(7)).toBe('7.00');
    expect(formatAmount(5, 'XYZ')).toBe('XYZ 5.00');
    expect(formatAmount(5, '')).toBe('5.00');
    expect(formatAmount(null, 'USD')).toBe('—');
    expect(formatAmount(undefined)).toBe('—');
  });

  it('durations: H:MM:SS', () => {
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(59.9)).toBe('0:00:59');
    expect(formatDuration(-3)).toBe('0:00:00');
  });

  it('numbers: thousands commas, up to 2 decimals', () => {
    expect(formatNumber(12345.678)).toBe('12,345.68');
    expect(formatNumber(100)).toBe('100');
    expect(formatNumber(-1500.5)).toBe('-1,500.5');
  });

  it('dates dd.mm.yyyy and times H:mm, from a Date, an ISO string or Unix seconds', () => {
    const when = new Date(2026, 2, 5, 7, 4); // local time: 5 March 2026, 7:04
    expect(formatDate(when)).toBe('05.03.2026');
    expect(formatTime(when)).toBe('7:04');
    expect(formatDateTime(when.toISOString())).toBe('05.03.2026 7:04');
    expect(formatDateTime(when.getTime() / 1000)).toBe('05.03.2026 7:04');
    expect(formatTime(new Date(2026, 0, 1, 23, 59))).toBe('23:59');
  });
});

describe('the §9 formats read on UTC (the server HTML and its hydration)', () => {
  it('gives the UTC day and time whatever the zone of the process', () => {
    const when = '2026-12-31T23:05:00Z';
    expect(formatDate(when, 'utc')).toBe('31.12.2026');
    expect(formatTime(when, 'utc')).toBe('23:05');
    expect(formatDateTime(Date.parse(when) / 1000, 'utc')).toBe('31.12.2026 23:05');
  });
});
