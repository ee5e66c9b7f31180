import { describe, expect, it } from 'vitest';
import { checkBet, stepBet } from './bet-amount';

const limits = { min: 0.1, max: 5000, balance: 1200 };

describe('the bet amount (spec §5 Sum rule)', () => {
  it('accepts digits with up to 2 decimals and strips thousands commas', () => {
    expect(checkBet('1', limits)).toEqual({ ok: true, value: '1.00' });
    expect(checkBet('0.50', limits)).toEqual({ ok: true, value: '0.50' });
    expect(checkBet('1,000', limits)).toEqual({ ok: true, value: '1000.00' });
  });

  it('answers wrongField for what is not a number and sumError outside the bounds or with a leading zero', () => {
    expect(checkBet('abc', limits)).toEqual({ ok: false, code: 'wrongField' });
    expect(checkBet('1.234', limits)).toEqual({ ok: false, code: 'wrongField' });
    expect(checkBet('', limits)).toEqual({ ok: false, code: 'wrongField' });
    expect(checkBet('0.05', limits)).toEqual({ ok: false, code: 'sumError' });
    expect(checkBet('01', limits)).toEqual({ ok: false, code: 'sumError' });
    expect(checkBet('6000', { ...limits, balance: null })).toEqual({ ok: false, code: 'sumError' });
  });

  it('refuses more than the balance, and does not check a balance it does not know', () => {
    expect(checkBet('1500', limits)).toEqual({ ok: false, code: 'balance' });
    expect(checkBet('1500', { ...limits, balance: null })).toEqual({ ok: true, value: '1500.00' });
  });

  it('halves, doubles and jumps to min or max inside the limits, to the cent', () => {
    expect(stepBet('1.00', 'double', limits)).toBe('2.00');
    expect(stepBet('0.15', 'half', limits)).toBe('0.10');
    expect(stepBet('0.35', 'half', limits)).toBe('0.17');
    expect(stepBet('4000', 'double', limits)).toBe('5000.00');
    expect(stepBet('x', 'max', limits)).toBe('5000.00');
    expect(stepBet('3', 'min', limits)).toBe('0.10');
  });
});
