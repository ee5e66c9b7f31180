import { describe, expect, it } from 'vitest';
import { auditLines, changedLines, targetHref } from './audit-page.ts';

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
      'limit: 2.50',
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
      '    amount: 1.00',
    ]);
  });
});

describe('money in the audit log', () => {
  it('shows amounts, balances and limits as money in the entry’s currency, not cents', () => {
    expect(
      auditLines({
        amount: '-250000',
        balance: 1234567,
        currency: 'USD',
        account: 'main',
        transaction_id: 42,
      }),
    ).toEqual([
      'amount: -$2,500.00',
      'balance: $12,345.67',
      'currency: USD',
      'account: main',
      'transaction_id: 42',
    ]);
    expect(auditLines({ deposit_limit: '5000', lost: '99' })).toEqual(['deposit_limit: 50.00', 'lost: 0.99']);
    // Counts, points and periods stay numbers; a money key with text stays text.
    expect(auditLines({ players: 60, sent: 3, period_days: 7, points: 500, amount: 'n/a' })).toEqual([
      'players: 60',
      'sent: 3',
      'period_days: 7',
      'points: 500',
      'amount: n/a',
    ]);
  });
});

describe('audited targets link to their pages', () => {
  it('links what has a page and leaves the rest plain', () => {
    expect(targetHref('player', '12')).toBe('/admin/players/12');
    expect(targetHref('tournament', '3')).toBe('/admin/competitions/tournaments/3');
    expect(targetHref('jackpot', '2')).toBe('/admin/competitions/jackpots/2');
    expect(targetHref('sb_market', 'desk-m1/18/total=2.5')).toBe('/admin/sportsbook/events/desk-m1');
    expect(targetHref('setting', 'redirects')).toBe('/admin/settings/redirects');
    expect(targetHref('loyalty_quest', '7')).toBe('/admin/loyalty/quests/7');
    expect(targetHref('page', 'about-us/de')).toBe('/admin/content/pages/about-us/de');
    expect(targetHref('page', 'about-us')).toBe('/admin/content/pages');
    expect(targetHref('withdrawal', '9')).toBe('/admin/withdrawals');
    expect(targetHref('segment', '4')).toBe('/admin/players?segment=4');
    expect(targetHref('segment', 'country=SM&tag=vip')).toBe('/admin/players?country=SM&tag=vip');
    expect(targetHref('report_day', '2026-11-27')).toBeNull();
    expect(targetHref('translation', 'de:header.login')).toBeNull();
  });
});

describe('what changed between before and after', () => {
  it('marks the lines the other side lacks, counting repeats', () => {
    const before = ['value:', '  - to_url: /a', '    from_url: /x', '  - to_url: /a', '    from_url: /y'];
    const after = ['value:', '  - to_url: /a', '    from_url: /x', '  - to_url: /b', '    from_url: /y'];
    expect(changedLines(before, after)).toEqual([false, false, false, true, false]);
    expect(changedLines(after, before)).toEqual([false, false, false, true, false]);
    expect(changedLines(['status: active'], ['status: suspended'])).toEqual([true]);
  });
});
