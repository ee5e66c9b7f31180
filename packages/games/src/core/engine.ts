/** The shape every game engine shares: a pure, server-authoritative state machine over the round's floats. */
import type { TFloats } from '../fair/stream.ts';
import type { TRatio } from './ratio.ts';

export type TGameKind = 'slot' | 'live' | 'casino' | 'fast' | 'betting' | 'logical' | 'high_low';

/** One transition of a round. Money is in integer cents (bigint). */
export type TStep<TState, TOutcome> = {
  /** Private round state to store on the server (may hold future cards: never send it to the player). */
  state: TState;
  /** What the player may see after this step. */
  outcome: TOutcome;
  finished: boolean;
  /** Extra stake this action asks the wallet to take (the opening stake, a double, a split, insurance). */
  debit: bigint;
  /** All stakes of the round so far. */
  staked: bigint;
  /** Total credited to the player when finished (stake included when it is returned); 0 until then. */
  win: bigint;
  /** Win ÷ staked as an exact rational, when finished (for history and leaderboards). */
  multiplier: TRatio | null;
};

/** What a rules page shows: the rules, how floats become outcomes, the paytable and the exact RTP. */
export type TGameRules = {
  summary: string;
  rules: string[];
  /** How the round's floats (float 0, 1, 2 … of the published scheme) map to outcomes. */
  mapping: string[];
  paytable: { label: string; value: string }[];
  /** Theoretical return to player, exact, as a rational and as text (e.g. "97.2973%"). */
  rtp: TRatio;
  rtpText: string;
};

export interface TGameEngine<TState = unknown, TAction = unknown, TOutcome = unknown> {
  id: string;
  kind: TGameKind;
  name: string;
  rules(): TGameRules;
  /**
   * The transition function: `state` is null for the opening action (the bet); the floats are the round's
   * (server seed, client seed, nonce) stream, read by index so any step can be recomputed from the record.
   */
  step(state: TState | null, action: TAction, floats: TFloats): TStep<TState, TOutcome>;
}

export const rtpText = (rtp: TRatio): string => {
  const basisPoints = (rtp.num * 1_000_000n) / rtp.den; // the percentage with 4 decimals, rounded down
  const text = basisPoints.toString().padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}%`;
};

export const openStep = <S, O>(state: S, outcome: O, debit: bigint, staked: bigint): TStep<S, O> => ({
  state,
  outcome,
  finished: false,
  debit,
  staked,
  win: 0n,
  multiplier: null,
});

export const finishedStep = <S, O>(
  state: S,
  outcome: O,
  debit: bigint,
  staked: bigint,
  win: bigint,
): TStep<S, O> => ({
  state,
  outcome,
  finished: true,
  debit,
  staked,
  win,
  multiplier: staked > 0n ? { num: win, den: staked } : null,
});
