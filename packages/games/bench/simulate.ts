/**
 * 10⁶ rounds per game (the unit tests run 2×10⁴): `npm run bench:simulate [-- rounds [filter]]`, or
 * `node packages/games/bench/simulate.ts [rounds] [filter]`.
 * Prints each game's simulated return ± standard error against its exact RTP; exits 1 if any is off by > 4 SE.
 */
import { toNumber } from '../src/core/ratio.ts';
import { simulationCases, withinTolerance } from '../src/sim/cases.ts';
import { simulate } from '../src/sim/simulate.ts';

const rounds = Number(process.argv[2] ?? 1_000_000);
const filter = process.argv[3] ?? '';
let failed = 0;
for (const c of simulationCases().filter((c) => c.name.includes(filter))) {
  const started = performance.now();
  const r = simulate(c.engine, c.strategy, rounds);
  const ok = withinTolerance(r.mean, r.standardError, c.rtp, c.modelTolerance);
  if (!ok) failed++;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${c.name.padEnd(52)} simulated ${r.mean.toFixed(5)} ± ${r.standardError.toFixed(5)}  exact ${toNumber(c.rtp).toFixed(5)}  ${seconds}s`,
  );
}
process.exit(failed > 0 ? 1 : 0);
