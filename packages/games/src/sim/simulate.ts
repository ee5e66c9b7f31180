/** Monte Carlo play of any engine over real HMAC floats, to check the exact RTPs (tests and the bench). */

import { cardPoints, type TBlackjackOutcome, type TBlackjackState } from '../casino/blackjack.ts';
import { basicStrategyAction } from '../casino/blackjack-strategy.ts';
import type { TGameEngine } from '../core/engine.ts';
import { RoundFloats } from '../fair/stream.ts';
import type { THiloOutcome } from '../high-low/hilo.ts';

/** Picks the next action from the last step's outcome, or null to stop (the round must then be finished). */
// biome-ignore lint/suspicious/noExplicitAny: strategies read any engine's outcome
export type TStrategy = { open: unknown; next?: (outcome: any, state: any, actions: number) => unknown };

export type TSimulation = {
  rounds: number;
  mean: number;
  standardError: number;
  staked: bigint;
  won: bigint;
};

/** Plays `rounds` rounds at nonces 0…rounds − 1 and returns the mean return per unit staked and its standard error. */
export const simulate = (
  // biome-ignore lint/suspicious/noExplicitAny: any engine
  engine: TGameEngine<any, any, any>,
  strategy: TStrategy,
  rounds: number,
  seeds = { serverSeed: 'a'.repeat(64), clientSeed: 'simulation' },
): TSimulation => {
  let sum = 0;
  let squares = 0;
  let staked = 0n;
  let won = 0n;
  for (let nonce = 0; nonce < rounds; nonce++) {
    const floats = new RoundFloats(seeds.serverSeed, seeds.clientSeed, nonce);
    let step = engine.step(null, strategy.open, floats);
    let actions = 1;
    while (!step.finished) {
      step = engine.step(step.state, strategy.next!(step.outcome, step.state, actions), floats);
      actions++;
    }
    // Per-round ratio to the opening stake (blackjack doubles and splits add to what one round stakes).
    const opening = (strategy.open as { stake: bigint }).stake;
    const ret =
      Number((step.win * 1_000_000n) / opening) / 1_000_000 -
      Number((step.staked * 1_000_000n) / opening) / 1_000_000 +
      1;
    sum += ret;
    squares += ret * ret;
    staked += step.staked;
    won += step.win;
  }
  const mean = sum / rounds;
  const variance = squares / rounds - mean * mean;
  return { rounds, mean, standardError: Math.sqrt(variance / rounds), staked, won };
};

/** Blackjack with the best infinite-deck action; never insurance. */
export const blackjackStrategy = (stake: bigint): TStrategy => ({
  open: { stake },
  next: (outcome: TBlackjackOutcome, state: TBlackjackState) => {
    if (outcome.phase === 'insurance') return { type: 'insurance', take: false };
    const hand = state.hands[state.active]!;
    const points = hand.cards.map(cardPoints);
    const action = basicStrategyAction(points, cardPoints(state.dealer[0]!), {
      double: outcome.allowed.includes('double'),
      split: outcome.allowed.includes('split'),
    });
    return { type: action };
  },
});

/** Hi-lo: the likelier of "higher or same" / "lower or same", `guesses` times, then cash out. */
export const hiloStrategy = (stake: bigint, guesses: number): TStrategy => ({
  open: { stake },
  next: (outcome: THiloOutcome, _state: unknown, actions: number) => {
    if (actions > guesses) return { type: 'cashout' };
    const rank = outcome.current.rank;
    const value = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'].indexOf(rank) + 1;
    if (value === 1) return { type: 'guess', guess: 'higher' };
    if (value === 13) return { type: 'guess', guess: 'lower' };
    return { type: 'guess', guess: value <= 7 ? 'higher_or_same' : 'lower_or_same' };
  },
});

/** Mines: reveal tiles 0, 1, 2 … `reveals` of them, then cash out. */
export const minesStrategy = (stake: bigint, mines: number, reveals: number): TStrategy => ({
  open: { stake, mines },
  next: (_outcome: unknown, _state: unknown, actions: number) =>
    actions > reveals ? { type: 'cashout' } : { type: 'reveal', tile: actions - 1 },
});
