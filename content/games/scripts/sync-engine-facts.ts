/**
 * Keeps games.json true to the engines: writes each game's RTP (exact, rounded down to 2 decimals), and for
 * slots the volatility and paylines of the slot definition it runs on. Run after an engine's paytable changes:
 *   node content/games/scripts/sync-engine-facts.ts
 * The catalogue test fails when games.json and the engines disagree.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINES, plinkoRtp, SLOT_DEFINITIONS, type TPlinkoRisk, type TRatio } from '@casino/games';

const FILE = join(new URL('..', import.meta.url).pathname, 'games.json');

/** Percent with 2 decimals, rounded down, from an exact ratio. */
export const percentText = (rtp: TRatio) => {
  const hundredths = (rtp.num * 10_000n) / rtp.den;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}`;
};

export interface TEngineFacts {
  rtp: string;
  volatility?: 'low' | 'medium' | 'high';
  lines?: number;
}

/** The engine's own figures for a catalogue game (its engine id and engine params). */
export const engineFacts = (engineId: string, params: Record<string, unknown>): TEngineFacts | null => {
  const slot = SLOT_DEFINITIONS.find((s) => s.id === engineId);
  const engine = ENGINES.find((e) => e.id === engineId);
  if (!engine) return null;
  if (engineId === 'plinko' && typeof params.risk === 'string' && typeof params.rows === 'number')
    return { rtp: percentText(plinkoRtp(params.risk as TPlinkoRisk, params.rows)) };
  const rtp = percentText(engine.rules().rtp);
  return slot ? { rtp, volatility: slot.volatility, lines: slot.paylines.length } : { rtp };
};

const main = () => {
  const games = JSON.parse(readFileSync(FILE, 'utf8')) as {
    sysname: string;
    engine: string;
    params: Record<string, unknown>;
    rtp: string;
    volatility: string;
    lines: number;
  }[];
  let changed = 0;
  for (const game of games) {
    const facts = engineFacts(game.engine, game.params);
    if (!facts) {
      console.log(`${game.sysname}: engine ${game.engine} is not in @casino/games (left as it is)`);
      continue;
    }
    const before = JSON.stringify(game);
    Object.assign(game, facts);
    if (JSON.stringify(game) !== before) changed++;
  }
  writeFileSync(FILE, `${JSON.stringify(games, null, 2)}\n`);
  console.log(`games.json: ${changed} of ${games.length} games updated from the engines`);
};

if (import.meta.url === `file://${process.argv[1]}`) main();
