import { pocketColor, validateRouletteBets } from '@casino/games/casino/roulette';
import { describe, expect, it } from 'vitest';
import {
  colorOf,
  insideSpots,
  numberAt,
  OUTSIDE,
  spotKey,
  WHEEL_ORDER,
  wheelRotation,
} from './roulette-layout';

describe('the roulette table and wheel', () => {
  it('offers every standard bet, each one legal for the engine', () => {
    const spots = insideSpots();
    const count = (type: string) =>
      new Set(spots.filter((s) => s.bet.type === type).map((s) => spotKey(s.bet))).size;
    expect(count('straight')).toBe(36);
    expect(count('split')).toBe(60); // 57 between numbers + 0-1, 0-2, 0-3
    expect(count('street')).toBe(12);
    expect(count('corner')).toBe(22);
    expect(count('line')).toBe(11);
    expect(count('trio')).toBe(2);
    expect(count('first_four')).toBe(1);
    const all = [
      ...spots.map((s) => s.bet),
      { type: 'straight', numbers: [0] },
      ...[1, 2, 3].map((index) => ({ type: 'column', index })),
      ...OUTSIDE.map((o) => o.bet),
    ];
    expect(() =>
      validateRouletteBets(
        all.map((b) => ({ ...b, amount: 100n })) as Parameters<typeof validateRouletteBets>[0],
      ),
    ).not.toThrow();
  });

  it('lays the numbers out with 3 on top of the first column and colours them like the engine', () => {
    expect(numberAt(0, 0)).toBe(3);
    expect(numberAt(2, 0)).toBe(1);
    expect(numberAt(0, 11)).toBe(36);
    for (let n = 0; n <= 36; n++) expect(colorOf(n)).toBe(pocketColor(n));
    expect(new Set(WHEEL_ORDER).size).toBe(37);
  });

  it('turns the wheel forward until the pocket sits under the pointer', () => {
    let rotation = 0;
    for (const pocket of [0, 17, 26, 32, 5]) {
      const next = wheelRotation(pocket, rotation);
      expect(next).toBeGreaterThan(rotation + 360 * 4);
      const slice = 360 / 37;
      const under = WHEEL_ORDER[Math.round(((360 - (next % 360)) % 360) / slice) % 37];
      expect(under).toBe(pocket);
      rotation = next;
    }
  });
});
