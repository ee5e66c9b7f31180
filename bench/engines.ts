/** The engines' part of bench:games: no server, no database. */
import { randomBytes } from 'node:crypto';
import { ENGINES, RoundFloats } from '@casino/games';

/** An opening action that every engine accepts (multi-step games are opened, not finished: one step). */
const ACTIONS: Record<string, unknown> = {
  roulette: { bets: [{ type: 'red', amount: 100n }] },
  'live-roulette': { bets: [{ type: 'red', amount: 100n }] },
  dice: { stake: 100n, target: 5000, over: true },
  crash: { stake: 100n, autoCashout: 200 },
  mines: { stake: 100n, mines: 3 },
  keno: { stake: 100n, picks: [1, 5, 9, 13, 17] },
  plinko: { stake: 100n, rows: 16, risk: 'medium' },
};

/** Rounds per second of each game engine alone: pure, in-process, over fresh seeds, for `engineMs` each. */
export const engineBench = (engineMs: number) => {
  const seed = randomBytes(32).toString('hex');
  const lines: string[] = [];
  for (const engine of ENGINES) {
    const action = ACTIONS[engine.id] ?? { stake: 100n };
    let rounds = 0;
    const start = performance.now();
    while (performance.now() - start < engineMs) {
      engine.step(null, action, new RoundFloats(seed, 'bench', rounds));
      rounds++;
    }
    const rate = (rounds * 1000) / (performance.now() - start);
    lines.push(`engine ${engine.id.padEnd(18)} ${Math.round(rate).toString().padStart(9)} rounds/s`);
  }
  return lines;
};
