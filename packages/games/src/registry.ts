/** Every in-house game engine by id, and replay of a recorded round. */
import { blackjackEngine } from './casino/blackjack.ts';
import { rouletteEngine } from './casino/roulette.ts';
import type { TGameEngine, TStep } from './core/engine.ts';
import { GameRuleError } from './core/errors.ts';
import { RoundFloats } from './fair/stream.ts';
import { crashEngine } from './fast/crash.ts';
import { diceEngine } from './fast/dice.ts';
import { minesEngine } from './fast/mines.ts';
import { hiloEngine } from './high-low/hilo.ts';
import { liveRouletteEngine } from './live/live-roulette.ts';
import { kenoEngine } from './logical/keno.ts';
import { plinkoEngine } from './logical/plinko.ts';
import { slotEngines } from './slot/slots.ts';

// biome-ignore lint/suspicious/noExplicitAny: a registry holds engines of every state and action type
type TAnyEngine = TGameEngine<any, any, any>;

export const ENGINES: readonly TAnyEngine[] = [
  ...slotEngines,
  rouletteEngine,
  blackjackEngine,
  liveRouletteEngine,
  diceEngine,
  crashEngine,
  minesEngine,
  hiloEngine,
  kenoEngine,
  plinkoEngine,
];

const byId = new Map(ENGINES.map((engine) => [engine.id, engine]));

export const getEngine = (id: string): TAnyEngine => {
  const engine = byId.get(id);
  if (!engine) throw new GameRuleError('unknown_game', `no engine ${id}`);
  return engine;
};

/** What the server records for a round: enough to recompute every step. */
export type TRoundRecord = {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** The actions in order, the opening bet first. */
  actions: unknown[];
};

/** Replays a round from its record: the same seeds and actions give the same steps, outcome and win. */
export const replay = (record: TRoundRecord): TStep<unknown, unknown>[] => {
  const engine = getEngine(record.game);
  const floats = new RoundFloats(record.serverSeed, record.clientSeed, record.nonce);
  const steps: TStep<unknown, unknown>[] = [];
  let state: unknown = null;
  for (const action of record.actions) {
    if (steps.at(-1)?.finished)
      throw new GameRuleError('round_finished', 'actions after the end of the round');
    const step = engine.step(state, action, floats);
    steps.push(step);
    state = step.state;
  }
  return steps;
};
