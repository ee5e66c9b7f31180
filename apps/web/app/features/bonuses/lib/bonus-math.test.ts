import { describe, expect, it } from 'vitest';
import { countdown, leftToWager, progressPercent, withdrawNow } from './bonus-math';

const bonus = { status: 'active', balance: 7.5, wager_requirement: 100, wagered: 33.33, expires_at: null };

describe('the bonus card figures', () => {
  it('shows wagering progress in whole percent and what is left, exactly', () => {
    expect(progressPercent(bonus)).toBe(33);
    expect(progressPercent({ wager_requirement: 100, wagered: 100 })).toBe(100);
    expect(progressPercent({ wager_requirement: 0, wagered: 0 })).toBe(100);
    expect(leftToWager(bonus)).toBe(66.67);
    expect(leftToWager({ wager_requirement: 10, wagered: 12 })).toBe(0);
  });

  it('counts down days, hours and minutes to expiry', () => {
    const now = Date.parse('2026-11-21T12:00:00Z');
    expect(countdown('2026-11-28T13:05:00Z', now)).toEqual({ days: 7, hours: 1, minutes: 5, over: false });
    expect(countdown('2026-11-21T11:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0, over: true });
    expect(countdown(null, now)).toBeNull();
  });

  it('says what a withdrawal now keeps and loses; nothing is lost under isolation', () => {
    expect(withdrawNow({ main: 20, bonus, isolation: false, currency: 'USD' })).toEqual({
      keep: '$20.00',
      lose: '$7.50',
      losesSomething: true,
    });
    expect(withdrawNow({ main: 20, bonus, isolation: true, currency: 'USD' }).losesSomething).toBe(false);
    expect(
      withdrawNow({ main: 0, bonus: { ...bonus, status: 'available' }, isolation: false, currency: 'USD' })
        .lose,
    ).toBe('$0.00');
  });

  it('counts a bonus a pending withdrawal holds as lost too: a new withdrawal joins the hold', () => {
    const held = { ...bonus, status: 'available', withdrawal_hold: { amount: 20, count: 1 } };
    expect(withdrawNow({ main: 30, bonus: held, isolation: false, currency: 'USD' })).toEqual({
      keep: '$30.00',
      lose: '$7.50',
      losesSomething: true,
    });
    expect(withdrawNow({ main: 30, bonus: held, isolation: true, currency: 'USD' }).lose).toBe('$0.00');
  });
});
