/** Odds formats and the slip's totals. */
import { describe, expect, it } from 'vitest';
import { FRACTION_LADDER, formatOdds, ladderFraction } from './odds';
import { slipTotals, systemsFor } from './slip-math';

describe('odds formats', () => {
  it('shows decimal, fractional and American odds', () => {
    expect(formatOdds(2.5, 'decimal')).toBe('2.50');
    expect(formatOdds(2.5, 'fractional')).toBe('6/4');
    expect(formatOdds(1.5, 'fractional')).toBe('1/2');
    expect(formatOdds(3.2, 'fractional')).toBe('11/5');
    expect(formatOdds(2.5, 'american')).toBe('+150');
    expect(formatOdds(1.5, 'american')).toBe('-200');
  });
});

describe('fractional odds from the standard ladder', () => {
  it('is the ladder, shortest price first', () => {
    const values = FRACTION_LADDER.map(([n, d]) => n / d);
    expect(values.every((v, i) => i === 0 || v > (values[i - 1] as number))).toBe(true);
    expect(FRACTION_LADDER.map(([n, d]) => `${n}/${d}`)).toEqual(
      expect.arrayContaining(['1/1000', '2/9', '8/13', '10/11', '1/1', '85/40', '10/3', '33/1', '100/1']),
    );
  });

  it('maps a price to its rung, never over it', () => {
    expect(formatOdds(1.5, 'fractional')).toBe('1/2');
    expect(formatOdds(2.1, 'fractional')).toBe('11/10');
    expect(formatOdds(1.91, 'fractional')).toBe('10/11');
    expect(formatOdds(1.909, 'fractional')).toBe('9/10');
    expect(formatOdds(2, 'fractional')).toBe('1/1');
    expect(formatOdds(3.125, 'fractional')).toBe('85/40');
    expect(formatOdds(4.333, 'fractional')).toBe('3/1');
    expect(formatOdds(4.334, 'fractional')).toBe('10/3');
    // The 539/100 (6.39) and 5.4: no bookmaker writes 27/5 or 22/5.
    expect(formatOdds(6.39, 'fractional')).toBe('5/1');
    expect(formatOdds(6.4, 'fractional')).toBe('5/1');
    expect(formatOdds(5.4, 'fractional')).toBe('4/1');
    expect(formatOdds(6.5, 'fractional')).toBe('11/2');
    expect(formatOdds(1.62, 'fractional')).toBe('8/13');
    expect(formatOdds(1.001, 'fractional')).toBe('1/1000');
    expect(formatOdds(1.0005, 'fractional')).toBe('1/1000');
    expect(formatOdds(1001, 'fractional')).toBe('1000/1');
    expect(formatOdds(1501, 'fractional')).toBe('1500/1');
    expect(ladderFraction(2.75)).toEqual([7, 4]);
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
