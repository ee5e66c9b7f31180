/** Hi-Lo: guess whether the next card ranks higher or lower; chain guesses, cash out. 99% RTP. */
import { cardFromFloat, cardOf, rankValue, type TCard } from '../core/cards.ts';
import { finishedStep, openStep, rtpText, type TGameEngine, type TGameRules } from '../core/engine.ts';
import { assertStake, rule } from '../core/errors.ts';
import { applyMultiplier, mul, ONE, ratio, type TRatio, toDecimal } from '../core/ratio.ts';

export const HILO_RTP = ratio(99n, 100n);
export const HILO_GUESSES = ['higher', 'lower', 'same', 'higher_or_same', 'lower_or_same'] as const;
export type THiloGuess = (typeof HILO_GUESSES)[number];

/** How many of the 13 equally likely ranks (1 = ace … 13 = king) make `guess` right after rank r. */
export const hiloWinningRanks = (rank: number, guess: THiloGuess): number => {
  switch (guess) {
    case 'higher':
      return 13 - rank;
    case 'lower':
      return rank - 1;
    case 'same':
      return 1;
    case 'higher_or_same':
      return 14 - rank;
    case 'lower_or_same':
      return rank;
  }
};

export const hiloGuessWins = (rank: number, next: number, guess: THiloGuess): boolean =>
  guess === 'higher'
    ? next > rank
    : guess === 'lower'
      ? next < rank
      : guess === 'same'
        ? next === rank
        : guess === 'higher_or_same'
          ? next >= rank
          : next <= rank;

/** A guess is allowed when it can both win and lose. Its fair factor is 13 / winning ranks. */
export const hiloGuessFactor = (rank: number, guess: THiloGuess): TRatio | null => {
  const winning = hiloWinningRanks(rank, guess);
  return winning > 0 && winning < 13 ? ratio(13n, BigInt(winning)) : null;
};

export type THiloAction =
  | { stake: bigint }
  | { type: 'guess'; guess: THiloGuess }
  | { type: 'skip' }
  | { type: 'cashout' };
export type THiloState = {
  stake: bigint;
  /** Cards drawn so far (card n comes from float n). */
  cards: number[];
  /** Product of the fair factors of the right guesses. */
  fair: TRatio;
  guesses: number;
};
export type THiloOutcome = {
  cards: TCard[];
  current: TCard;
  guesses: number;
  multiplier: TRatio;
  lost: boolean;
};

/** Payout multiplier after a chain: 0.99 × Π 13 / winning ranks (the edge is taken once, not per guess). */
export const hiloMultiplier = (fair: TRatio): TRatio => mul(HILO_RTP, fair);

const view = (state: THiloState, lost: boolean): THiloOutcome => ({
  cards: state.cards.map(cardOf),
  current: cardOf(state.cards.at(-1)!),
  guesses: state.guesses,
  multiplier: hiloMultiplier(state.fair),
  lost,
});

export const hiloRules = (): TGameRules => ({
  summary: 'Guess if the next card ranks higher or lower, chain right guesses and cash out.',
  rules: [
    'Cards come from an endless shuffled deck (each card is drawn independently); aces are low, kings high.',
    'Guesses: higher, lower, same, higher or same, lower or same — only guesses that can both win and lose.',
    'A right guess multiplies the fair value by 13 ÷ (ranks that win); the cash-out multiplier is 0.99 × that product.',
    'A wrong guess loses the stake. Skip draws a new card without changing the multiplier. Cash out after one right guess; wins are rounded down to the cent.',
  ],
  mapping: [
    'Card n of the round = floor(floatₙ × 52); rank = card mod 13 (A, 2 … K), suit = floor(card / 13) (♠ ♥ ♦ ♣).',
  ],
  paytable: [
    { label: 'Higher than 7', value: `${toDecimal(hiloMultiplier(hiloGuessFactor(7, 'higher')!))}×` },
    {
      label: 'Higher or same as 2',
      value: `${toDecimal(hiloMultiplier(hiloGuessFactor(2, 'higher_or_same')!))}×`,
    },
    { label: 'Same as any card', value: `${toDecimal(hiloMultiplier(hiloGuessFactor(7, 'same')!))}×` },
  ],
  rtp: HILO_RTP,
  rtpText: rtpText(HILO_RTP),
});

export const hiloEngine: TGameEngine<THiloState, THiloAction, THiloOutcome> = {
  id: 'hilo',
  kind: 'high_low',
  name: 'Hi-Lo',
  rules: hiloRules,
  step(state, action, floats) {
    if (state === null) {
      rule('stake' in action, 'invalid_action', 'a hi-lo round opens with a bet');
      const stake = assertStake(action.stake);
      const opened: THiloState = { stake, cards: [cardFromFloat(floats.at(0))], fair: ONE, guesses: 0 };
      return openStep(opened, view(opened, false), stake, stake);
    }
    rule('type' in action, 'invalid_action', 'guess, skip or cash out');
    const draw = () => cardFromFloat(floats.at(state.cards.length));
    const rank = rankValue(state.cards.at(-1)!);
    if (action.type === 'cashout') {
      rule(state.guesses > 0, 'nothing_to_cash_out', 'make a right guess first');
      const multiplier = hiloMultiplier(state.fair);
      return finishedStep(
        state,
        view(state, false),
        0n,
        state.stake,
        applyMultiplier(state.stake, multiplier),
      );
    }
    if (action.type === 'skip') {
      const next = { ...state, cards: [...state.cards, draw()] };
      return openStep(next, view(next, false), 0n, state.stake);
    }
    rule(HILO_GUESSES.includes(action.guess), 'invalid_guess', 'unknown guess', 'guess');
    const factor = hiloGuessFactor(rank, action.guess);
    rule(factor !== null, 'invalid_guess', 'this guess cannot lose or cannot win on this card', 'guess');
    const card = draw();
    const cards = [...state.cards, card];
    if (!hiloGuessWins(rank, rankValue(card), action.guess)) {
      const lost = { ...state, cards };
      return finishedStep(lost, view(lost, true), 0n, state.stake, 0n);
    }
    const next = { ...state, cards, fair: mul(state.fair, factor), guesses: state.guesses + 1 };
    return openStep(next, view(next, false), 0n, state.stake);
  },
};
