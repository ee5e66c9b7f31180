/** Market and outcome names: a line in the market's name, a handicap signed. */
import { describe, expect, it } from 'vitest';
import { marketLabel } from './names';

const t = (key: string, options?: Record<string, unknown>) =>
  key === 'betting.markets.m16' ? `Handicap ${options?.line}` : `${key} ${options?.line}`;

describe('market names', () => {
  it('signs the home side handicap, keeps a total as it is', () => {
    expect(marketLabel(t, { id: 16, specifiers: 'hcp=0.5', name: '' })).toBe('Handicap +0.5');
    expect(marketLabel(t, { id: 16, specifiers: 'hcp=-1.5', name: '' })).toBe('Handicap -1.5');
    expect(marketLabel(t, { id: 16, specifiers: 'hcp=+2.5', name: '' })).toBe('Handicap +2.5');
    expect(marketLabel(t, { id: 18, specifiers: 'total=2.5', name: '' })).toBe('betting.markets.m18 2.5');
  });
});
