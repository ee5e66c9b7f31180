/** Odds formats and the slip's totals. */
import { describe, expect, it } from 'vitest';
import { formatOdds, toFraction } from './odds';
import { slipTotals, systemsFor } from './slip-math';

describe('odds formats', () => {
  it('shows decimal, fractional and American odds', () => {
    expect(formatOdds(2.5, 'decimal')).toBe('2.50');
    expect(formatOdds(2.5, 'fractional')).toBe('3/2');
    expect(formatOdds(1.5, 'fractional')).toBe('1/2');
    expect(formatOdds(3.2, 'fractional')).toBe('11/5');
    expect(formatOdds(2.5, 'american')).toBe('+150');
    expect(formatOdds(1.5, 'american')).toBe('-200');
    expect(toFraction(0.909)).toEqual([10, 11]);
  });
});

describe('slip totals', () => {
  it('counts lines and the potential payout of singles, combos and systems', () => {
    expect(slipTotals('single', [2, 3], '2', 500)).toEqual({ lines: 2, total: 1000, payout: 2500 });
    expect(slipTotals('combo', [2, 3], '2', 500)).toEqual({ lines: 1, total: 500, payout: 3000 });
    expect(slipTotals('system', [2, 3, 4], '2', 100)).toEqual({ lines: 3, total: 300, payout: 2600 });
    expect(slipTotals('system', [2, 3, 4], 'trixie', 50)).toEqual({ lines: 4, total: 200, payout: 2500 });
    expect(systemsFor(4).map((s) => s.value)).toEqual(['2', '3', 'yankee', 'lucky15']);
  });
});
