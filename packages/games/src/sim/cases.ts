/** The simulated strategies of every game with the exact RTP each must converge to. */

import { blackjackEngine } from '../casino/blackjack.ts';
import { blackjackBasicStrategyRtp } from '../casino/blackjack-strategy.ts';
import { ROULETTE_RTP, rouletteEngine } from '../casino/roulette.ts';
import type { TGameEngine } from '../core/engine.ts';
import { type TRatio, toNumber } from '../core/ratio.ts';
import { crashEngine, crashRtp } from '../fast/crash.ts';
import { DICE_RTP, diceEngine } from '../fast/dice.ts';
import { MINES_RTP, minesEngine } from '../fast/mines.ts';
import { HILO_RTP, hiloEngine } from '../high-low/hilo.ts';
import { liveRouletteEngine } from '../live/live-roulette.ts';
import { kenoEngine, kenoRtp } from '../logical/keno.ts';
import { plinkoEngine, plinkoRtp } from '../logical/plinko.ts';
import { SLOT_DEFINITIONS, slotEngines, slotRtpOf } from '../slot/slots.ts';
import { blackjackStrategy, hiloStrategy, minesStrategy, type TStrategy } from './simulate.ts';

// A large stake makes the rounding of wins to the cent negligible (< 10⁻⁸ of the stake).
const STAKE = 100_000_000n;

export type TSimulationCase = {
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: any engine
  engine: TGameEngine<any, any, any>;
  strategy: TStrategy;
  rtp: TRatio;
  /** Extra tolerance for a model that is not exactly the game (blackjack's infinite deck vs the 6-deck shoe). */
  modelTolerance: number;
};

export const simulationCases = (): TSimulationCase[] => [
  ...slotEngines.map((engine, i) => ({
    name: engine.id,
    engine,
    strategy: { open: { stake: STAKE } },
    rtp: slotRtpOf(SLOT_DEFINITIONS[i]!).rtp,
    modelTolerance: 0,
  })),
  {
    name: 'roulette (red + straight 17 + dozen 2)',
    engine: rouletteEngine,
    strategy: {
      open: {
        bets: [
          { type: 'red', amount: STAKE },
          { type: 'straight', numbers: [17], amount: STAKE },
          { type: 'dozen', index: 2, amount: STAKE },
        ],
        stake: 3n * STAKE,
      },
    },
    rtp: ROULETTE_RTP,
    modelTolerance: 0,
  },
  {
    name: 'live roulette (split 0-3)',
    engine: liveRouletteEngine,
    strategy: { open: { bets: [{ type: 'split', numbers: [0, 3], amount: STAKE }], stake: STAKE } },
    rtp: ROULETTE_RTP,
    modelTolerance: 0,
  },
  {
    name: 'blackjack (best infinite-deck action, 6-deck shoe)',
    engine: blackjackEngine,
    strategy: blackjackStrategy(STAKE),
    rtp: blackjackBasicStrategyRtp(),
    // A 6-deck shoe returns ≈0.03–0.05% more than an infinite deck under the same strategy.
    modelTolerance: 0.002,
  },
  {
    name: 'dice (over 50.00)',
    engine: diceEngine,
    strategy: { open: { stake: STAKE, target: 5000, over: true } },
    rtp: DICE_RTP,
    modelTolerance: 0,
  },
  {
    name: 'crash (auto cash-out 2.00×)',
    engine: crashEngine,
    // the bet opens; `end` settles it by its auto cash-out, as the table does when the flight reaches 2.00×
    strategy: { open: { stake: STAKE, autoCashout: 200 }, next: () => ({ type: 'end' }) },
    rtp: crashRtp(200),
    modelTolerance: 0,
  },
  {
    name: 'mines (3 mines, 4 reveals)',
    engine: minesEngine,
    strategy: minesStrategy(STAKE, 3, 4),
    rtp: MINES_RTP,
    modelTolerance: 0,
  },
  {
    name: 'hi-lo (3 guesses)',
    engine: hiloEngine,
    strategy: hiloStrategy(STAKE, 3),
    rtp: HILO_RTP,
    modelTolerance: 0,
  },
  {
    name: 'keno (5 picks)',
    engine: kenoEngine,
    strategy: { open: { stake: STAKE, picks: [3, 11, 19, 27, 35] } },
    rtp: kenoRtp(5),
    modelTolerance: 0,
  },
  {
    name: 'plinko (16 rows, medium)',
    engine: plinkoEngine,
    strategy: { open: { stake: STAKE, rows: 16, risk: 'medium' } },
    rtp: plinkoRtp('medium', 16),
    modelTolerance: 0,
  },
];

export const withinTolerance = (
  mean: number,
  standardError: number,
  rtp: TRatio,
  modelTolerance: number,
  sigmas = 4,
) => Math.abs(mean - toNumber(rtp)) <= sigmas * standardError + modelTolerance;
