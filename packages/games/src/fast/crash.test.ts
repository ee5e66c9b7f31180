/** The crash bet of a shared round: opened by the bet, settled by a cash-out at the server's multiplier or by `end`. */
import { describe, expect, it } from 'vitest';
import { floatsFromArray } from '../fair/stream.ts';
import { replay } from '../registry.ts';
import { crashCashoutAt, crashEngine, crashMultiplierAt, crashPoint, crashTimeFor } from './crash.ts';

const floats = floatsFromArray([0.5]); // crash 1.98×
const code = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? 'thrown';
  }
};

describe('crash bet', () => {
  it('opens with or without an auto cash-out and shows nothing of the crash point', () => {
    for (const autoCashout of [undefined, 150]) {
      const open = crashEngine.step(null, { stake: 1000n, autoCashout }, floats);
      expect(open.finished).toBe(false);
      expect(open.debit).toBe(1000n);
      expect(open.outcome).toEqual({
        crash: null,
        cashedOutAt: null,
        won: false,
        autoCashout: autoCashout ?? null,
      });
    }
  });

  it('settles a manual cash-out at the multiplier, capped by an auto cash-out that fired first', () => {
    const plain = crashEngine.step(null, { stake: 1000n }, floats).state;
    expect(crashEngine.step(plain, { type: 'cashout', multiplier: 150 }, floats).win).toBe(1500n);
    expect(crashEngine.step(plain, { type: 'cashout', multiplier: 199 }, floats).win).toBe(0n);
    const auto = crashEngine.step(null, { stake: 1000n, autoCashout: 120 }, floats).state;
    expect(crashEngine.step(auto, { type: 'cashout', multiplier: 110 }, floats).outcome).toEqual({
      crash: 198,
      cashedOutAt: 110,
      won: true,
      autoCashout: 120,
    });
    expect(crashEngine.step(auto, { type: 'cashout', multiplier: 170 }, floats).win).toBe(1200n);
    expect(crashCashoutAt(null, null)).toBeNull();
  });

  it('`end` pays a reached auto cash-out and loses anything else', () => {
    const end = (autoCashout?: number) =>
      crashEngine.step(
        crashEngine.step(null, { stake: 1000n, autoCashout }, floats).state,
        { type: 'end' },
        floats,
      );
    expect(end(198).win).toBe(1980n);
    expect(end(199).win).toBe(0n);
    expect(end(199).outcome).toEqual({ crash: 198, cashedOutAt: null, won: false, autoCashout: 199 });
    expect(end().win).toBe(0n);
  });

  it('refuses bad targets and actions', () => {
    expect(code(() => crashEngine.step(null, { stake: 100n, autoCashout: 100 }, floats))).toBe(
      'invalid_cashout',
    );
    const open = crashEngine.step(null, { stake: 100n }, floats).state;
    expect(code(() => crashEngine.step(open, { type: 'cashout', multiplier: 1.5 }, floats))).toBe(
      'invalid_cashout',
    );
    expect(code(() => crashEngine.step(open, { type: 'jump' } as never, floats))).toBe('invalid_action');
  });

  it('replays a recorded bet (the table round seed, table name, round number)', () => {
    const serverSeed = 'c'.repeat(64);
    const steps = replay({
      game: 'crash',
      serverSeed,
      clientSeed: 'rocket_rush',
      nonce: 7,
      actions: [{ stake: 250n, autoCashout: 101 }, { type: 'end' }],
    });
    const last = steps.at(-1)!;
    expect(last.finished).toBe(true);
    expect((last.outcome as { crash: number }).crash).toBeGreaterThanOrEqual(100);
    expect(last.win).toBe((last.outcome as { crash: number }).crash >= 101 ? 252n : 0n);
  });

  it('the curve reaches a crash point exactly at its crash time', () => {
    for (const point of [100, 101, 198, 1000, 123_456]) {
      expect(crashMultiplierAt(crashTimeFor(point))).toBeGreaterThanOrEqual(point);
      if (point > 100) expect(crashMultiplierAt(crashTimeFor(point) - 1)).toBeLessThan(point);
    }
    expect(crashPoint(0.999999)).toBeGreaterThan(1_000_000);
  });
});
