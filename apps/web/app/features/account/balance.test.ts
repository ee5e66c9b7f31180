import { describe, expect, it } from 'vitest';
import { formatTotalBalance, totalBalanceCents } from './balance';

const money = (amount: number) => ({ amount, currency: 'USD' });

describe('total balance', () => {
  it('adds main, bonus and betting bonus but not fun money', () => {
    const info = { balance: money(1000.1), bonus_balance: money(200.2), betting_bonus_balance: money(34.26) };
    expect(totalBalanceCents(info)).toBe(123456n);
    expect(formatTotalBalance(info)).toBe('$1,234.56');
  });

  it('keeps cents exact where floats would drift', () => {
    const info = { balance: money(0.1), bonus_balance: money(0.2), betting_bonus_balance: money(0) };
    expect(formatTotalBalance(info)).toBe('$0.30');
  });

  it('groups thousands and always shows two decimals', () => {
    const info = { balance: money(1234567), bonus_balance: money(0), betting_bonus_balance: money(0) };
    expect(formatTotalBalance(info)).toBe('$1,234,567.00');
  });
});
