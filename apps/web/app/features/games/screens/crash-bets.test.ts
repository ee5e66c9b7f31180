import { describe, expect, it } from 'vitest';
import { formatMultiplier } from '../lib/wire';
import { paidBack, restoredAutoForm, restoredAutos } from './crash-bets';
import type { TCrashBetView } from './use-crash-table';

const bet = (over: Partial<TCrashBetView>): TCrashBetView => ({
  round_id: 'r1',
  player: 'jo***',
  mode: 'real',
  bet: 1,
  currency: 'USD',
  status: 'open',
  cashout: null,
  win: 0,
  ...over,
});

describe('crash bets of a reload', () => {
  it("keeps the server's auto cash-out multiplier as the screen's hundredths (1.2 shows as 1.20×, not 0.01×)", () => {
    const autos = restoredAutos([
      bet({ round_id: 'a', auto_cashout: 1.2 }),
      bet({ round_id: 'b', auto_cashout: null }),
    ]);
    expect(autos).toEqual({ a: 120, b: null });
    expect(formatMultiplier((autos.a ?? 0) / 100)).toBe('1.20×');
  });

  it("sets the auto cash-out controls to the latest open bet's, not the form's defaults", () => {
    expect(
      restoredAutoForm([
        bet({ round_id: 'old', status: 'cashed_out', auto_cashout: 3 }),
        bet({ round_id: 'a', auto_cashout: 1.2 }),
      ]),
    ).toEqual({ auto: true, value: '1.20' });
    expect(restoredAutoForm([bet({ round_id: 'b', auto_cashout: null })])).toEqual({
      auto: false,
      value: null,
    });
    expect(restoredAutoForm([bet({ round_id: 'c', status: 'lost', auto_cashout: 2 })])).toBeNull();
  });

  it('counts what a settled bet gave back', () => {
    expect(paidBack(bet({ status: 'cashed_out', win: 1.2 }))).toBe(1.2);
    expect(paidBack(bet({ status: 'returned', bet: 2 }))).toBe(2);
    expect(paidBack(bet({ status: 'lost' }))).toBe(0);
  });
});
