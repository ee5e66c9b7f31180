import { describe, expect, it } from 'vitest';
import { auditLines } from './audit-page.ts';

describe('audit values as an operator reads them', () => {
  it('writes a settlement as one line per outcome, not as JSON', () => {
    expect(auditLines({ settlement: { '1': 'won', '2': 'lost', '3': 'void' } })).toEqual([
      'settlement:',
      '  1: won',
      '  2: lost',
      '  3: void',
    ]);
    expect(auditLines({ settlement: null })).toEqual(['settlement: none']);
  });

  it('keeps plain values and lists of them on one line', () => {
    expect(auditLines({ status: 'active', limit: 250, enabled: false, countries: ['MT', 'EE'] })).toEqual([
      'status: active',
      'limit: 250',
      'enabled: false',
      'countries: MT, EE',
    ]);
    expect(auditLines({ games: [] })).toEqual(['games: none']);
  });

  it('indents nested objects and lists of objects', () => {
    expect(
      auditLines({
        value: [
          { from_url: '/casino', to_url: '/gamehall' },
          { from_url: '/old', to_url: '/new' },
        ],
        prizes: { first: { type: 'cash', amount: 100 } },
      }),
    ).toEqual([
      'value:',
      '  - from_url: /casino',
      '    to_url: /gamehall',
      '  - from_url: /old',
      '    to_url: /new',
      'prizes:',
      '  first:',
      '    type: cash',
      '    amount: 100',
    ]);
  });
});
