import { describe, expect, it } from 'vitest';
import { toNumber } from '../core/ratio.ts';
import { simulationCases, withinTolerance } from './cases.ts';
import { simulate } from './simulate.ts';

// 10⁵ rounds per game here (10⁶ per game in packages/games/bench/simulate.ts: `node packages/games/bench/simulate.ts`).
const ROUNDS = 100_000;

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
