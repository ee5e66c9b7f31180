/**
 * The shared live roulette table: one round result for everyone, from the round's seeds, settled per player
 * with the roulette engine. Timing, betting windows and broadcasting are the server's concern.
 */
import {
  pocketColor,
  roulettePocket,
  rouletteRules,
  settleRouletteBets,
  type TRouletteBet,
  validateRouletteBets,
} from '../casino/roulette.ts';
import type { TGameEngine } from '../core/engine.ts';
import { finishedStep } from '../core/engine.ts';
import { rule } from '../core/errors.ts';
import { hashServerSeed } from '../fair/seeds.ts';
import { RoundFloats } from '../fair/stream.ts';

export type TLiveRoundSeeds = {
  /** A fresh server seed per round (its hash is published when betting opens). */
  serverSeed: string;
  /** The table's public client seed (e.g. the table id, or a value fixed before the seed was drawn). */
  clientSeed: string;
  /** The round number on the table. */
  nonce: number;
};

export type TLiveRoundResult = { pocket: number; color: 'green' | 'red' | 'black'; serverSeedHash: string };

/** The result of a live round from its seeds: pocket = floor(float₀ × 37), same as single-player roulette. */
export const liveRouletteResult = (seeds: TLiveRoundSeeds): TLiveRoundResult => {
  const pocket = roulettePocket(new RoundFloats(seeds.serverSeed, seeds.clientSeed, seeds.nonce).at(0));
  return { pocket, color: pocketColor(pocket), serverSeedHash: hashServerSeed(seeds.serverSeed) };
};

/** Settles one player's bets on a live round's pocket. */
export const settleLiveRouletteBets = (bets: TRouletteBet[], pocket: number) => {
  const staked = validateRouletteBets(bets);
  return { staked, ...settleRouletteBets(bets, pocket) };
};

/** As an engine (for replay and history): the floats are the table round's, shared by every player. */
export const liveRouletteEngine: TGameEngine<
  { bets: TRouletteBet[]; pocket: number },
  { bets: TRouletteBet[] },
  { pocket: number; color: string }
> = {
  id: 'live-roulette',
  kind: 'live',
  name: 'Live Roulette',
  rules: () => ({
    ...rouletteRules(),
    summary: 'A shared European roulette table: one spin for every player at the table.',
  }),
  step(state, action, floats) {
    rule(state === null, 'round_finished', 'a live roulette bet has one action');
    const staked = validateRouletteBets(action.bets);
    const pocket = roulettePocket(floats.at(0));
    const { results, win } = settleRouletteBets(action.bets, pocket);
    return finishedStep(
      { bets: action.bets, pocket },
      { pocket, color: pocketColor(pocket), results },
      staked,
      staked,
      win,
    );
  },
};
