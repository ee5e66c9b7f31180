import { describe, expect, it } from 'vitest';
import { toNumber } from '../core/ratio.ts';
import { simulationCases, withinTolerance } from './cases.ts';
import { simulate } from './simulate.ts';

// 2×10⁴ rounds per game keeps the whole suite fast on 2 shared cores. 4 standard errors are then about ±2.5–3.5%
// of the stake for blackjack, dice, crash, mines, hi-lo and plinko, ±6% and ±11% for the two roulette bets and
// ±10–20% for the slots and keno (high variance): enough to catch a broken mapping, paytable or settlement, not a
// fine RTP error. The exact RTP tests (rtp.test.ts) are the proof; `npm run bench:simulate` plays 10⁶ rounds per
// game (4 SE ≈ ±0.4–3%).
const ROUNDS = 20_000;

describe(`simulation of ${ROUNDS} rounds per game agrees with the exact RTP within 4 standard errors`, () => {
  for (const c of simulationCases()) {
    it(c.name, { timeout: 60_000 }, () => {
      const result = simulate(c.engine, c.strategy, ROUNDS);
      const detail = `${c.name}: simulated ${result.mean.toFixed(5)} ± ${result.standardError.toFixed(5)}, exact ${toNumber(c.rtp).toFixed(5)}`;
      expect(withinTolerance(result.mean, result.standardError, c.rtp, c.modelTolerance), detail).toBe(true);
      expect(result.standardError).toBeGreaterThan(0);
    });
  }
});
