/**
 * Blackjack: 6 decks shuffled from the round's floats, dealer stands on soft 17, blackjack pays 6:5, double on
 * any two cards, split a pair once (split aces take one card each), optional insurance, dealer peeks.
 */
import { cardOf, rankValue, type TCard } from '../core/cards.ts';
import {
  finishedStep,
  openStep,
  rtpText,
  type TGameEngine,
  type TGameRules,
  type TStep,
} from '../core/engine.ts';
import { assertStake, GameRuleError, rule } from '../core/errors.ts';
import type { TFloats } from '../fair/stream.ts';
import { BLACKJACK_PAYS } from './blackjack-payout.ts';
import { blackjackBasicStrategyRtp } from './blackjack-strategy.ts';

export const BLACKJACK_DECKS = 6;
export const SHOE_CARDS = 52 * BLACKJACK_DECKS;

/**
 * Card `position` of the shoe: the forward Fisher–Yates (list = [0…311]; for i = 0 … 310:
 * j = i + floor(floatᵢ × (312 − i)); swap list[i], list[j]) run up to that position; shoe card k is
 * list[k] mod 52. Position k depends only on floats 0…k, so only dealt cards use floats.
 */
export const shoeCards = (count: number, floats: TFloats): number[] => {
  // The shuffle so far is kept per float stream (only swapped positions are stored), so dealing card after card
  // neither redoes it nor builds the whole 312-card list.
  let shoe = shoeCache.get(floats);
  if (!shoe) {
    shoe = { swapped: new Map(), dealt: [] };
    shoeCache.set(floats, shoe);
  }
  const { swapped, dealt } = shoe;
  for (let i = dealt.length; i < count; i++) {
    const j = i + Math.floor(floats.at(i) * (SHOE_CARDS - i));
    const atJ = swapped.get(j) ?? j;
    swapped.set(j, swapped.get(i) ?? i);
    dealt.push(atJ % 52);
  }
  return dealt.slice(0, count);
};
const shoeCache = new WeakMap<TFloats, { swapped: Map<number, number>; dealt: number[] }>();

/** Blackjack value of a card: ace 1 (or 11), 2–10, face cards 10. */
export const cardPoints = (card: number): number => Math.min(10, rankValue(card));

export type THandValue = { total: number; soft: boolean };
export const handValue = (cards: readonly number[]): THandValue => {
  const hard = cards.reduce((sum, card) => sum + cardPoints(card), 0);
  const hasAce = cards.some((card) => cardPoints(card) === 1);
  return hasAce && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
};
export const isBlackjack = (cards: readonly number[]): boolean =>
  cards.length === 2 && handValue(cards).total === 21;

export type TBlackjackHand = {
  cards: number[];
  stake: bigint;
  doubled: boolean;
  fromSplit: boolean;
  done: boolean;
};
export type TBlackjackState = {
  stake: bigint;
  /** Cards dealt from the shoe so far (the next card is shoe position `dealt`). */
  dealt: number;
  dealer: number[];
  hands: TBlackjackHand[];
  active: number;
  phase: 'insurance' | 'player' | 'done';
  insurance: bigint | null;
};
export type TBlackjackAction =
  | { stake: bigint }
  | { type: 'insurance'; take: boolean }
  | { type: 'hit' }
  | { type: 'stand' }
  | { type: 'double' }
  | { type: 'split' };

export type TBlackjackHandView = {
  cards: TCard[];
  total: number;
  soft: boolean;
  stake: bigint;
  doubled: boolean;
  result: 'blackjack' | 'win' | 'push' | 'lose' | null;
  win: bigint | null;
};
export type TBlackjackOutcome = {
  phase: TBlackjackState['phase'];
  /** Before the end the hole card is hidden: only the up card is shown. */
  dealer: TCard[];
  dealerTotal: number | null;
  hands: TBlackjackHandView[];
  active: number;
  insurance: bigint | null;
  /** What the active hand may do now. */
  allowed: ('hit' | 'stand' | 'double' | 'split' | 'insurance')[];
};

const draw = (state: TBlackjackState, floats: TFloats): number => {
  const card = shoeCards(state.dealt + 1, floats).at(-1)!;
  state.dealt += 1;
  return card;
};

const canSplit = (state: TBlackjackState, hand: TBlackjackHand) =>
  state.hands.length === 1 &&
  hand.cards.length === 2 &&
  cardPoints(hand.cards[0]!) === cardPoints(hand.cards[1]!);
const canDouble = (hand: TBlackjackHand) =>
  hand.cards.length === 2 && !(hand.fromSplit && cardPoints(hand.cards[0]!) === 1);

const allowed = (state: TBlackjackState): TBlackjackOutcome['allowed'] => {
  if (state.phase === 'insurance') return ['insurance'];
  if (state.phase !== 'player') return [];
  const hand = state.hands[state.active]!;
  return [
    'hit',
    'stand',
    ...(canDouble(hand) ? (['double'] as const) : []),
    ...(canSplit(state, hand) ? (['split'] as const) : []),
  ];
};

type TSettled = { results: TBlackjackHandView['result'][]; wins: bigint[]; insuranceWin: bigint };

const settle = (state: TBlackjackState): TSettled => {
  const dealerBj = isBlackjack(state.dealer);
  const dealerTotal = handValue(state.dealer).total;
  const insuranceWin = state.insurance !== null && dealerBj ? state.insurance * 3n : 0n;
  const results: TBlackjackHandView['result'][] = [];
  const wins: bigint[] = [];
  for (const hand of state.hands) {
    const total = handValue(hand.cards).total;
    const playerBj = !hand.fromSplit && isBlackjack(hand.cards);
    let result: TBlackjackHandView['result'];
    if (playerBj) result = dealerBj ? 'push' : 'blackjack';
    else if (dealerBj || total > 21) result = 'lose';
    else if (dealerTotal > 21 || total > dealerTotal) result = 'win';
    else result = total === dealerTotal ? 'push' : 'lose';
    results.push(result);
    wins.push(
      result === 'blackjack'
        ? hand.stake + (hand.stake * BLACKJACK_PAYS.num) / BLACKJACK_PAYS.den
        : result === 'win'
          ? hand.stake * 2n
          : result === 'push'
            ? hand.stake
            : 0n,
    );
  }
  return { results, wins, insuranceWin };
};

const view = (state: TBlackjackState, settled: TSettled | null): TBlackjackOutcome => {
  const over = state.phase === 'done';
  return {
    phase: state.phase,
    dealer: (over ? state.dealer : state.dealer.slice(0, 1)).map(cardOf),
    dealerTotal: over ? handValue(state.dealer).total : null,
    hands: state.hands.map((hand, i) => ({
      cards: hand.cards.map(cardOf),
      ...handValue(hand.cards),
      stake: hand.stake,
      doubled: hand.doubled,
      result: settled?.results[i] ?? null,
      win: settled?.wins[i] ?? null,
    })),
    active: state.active,
    insurance: state.insurance,
    allowed: allowed(state),
  };
};

const staked = (state: TBlackjackState) =>
  state.hands.reduce((sum, hand) => sum + hand.stake, 0n) + (state.insurance ?? 0n);

const finish = (
  state: TBlackjackState,
  floats: TFloats,
  debit: bigint,
): TStep<TBlackjackState, TBlackjackOutcome> => {
  // The dealer draws only when a hand is still alive to beat (no peek blackjack, not all bust).
  const live = state.hands.some(
    (hand) => handValue(hand.cards).total <= 21 && !(isBlackjack(hand.cards) && !hand.fromSplit),
  );
  if (live && !isBlackjack(state.dealer)) {
    while (handValue(state.dealer).total < 17) state.dealer.push(draw(state, floats));
  }
  state.phase = 'done';
  const settled = settle(state);
  const win = settled.wins.reduce((sum, w) => sum + w, 0n) + settled.insuranceWin;
  return finishedStep(state, view(state, settled), debit, staked(state), win);
};

/** Moves to the next unfinished hand, or plays the dealer when none is left. */
const advance = (
  state: TBlackjackState,
  floats: TFloats,
  debit: bigint,
): TStep<TBlackjackState, TBlackjackOutcome> => {
  for (let i = state.active; i < state.hands.length; i++) {
    const hand = state.hands[i]!;
    if (!hand.done && handValue(hand.cards).total >= 21) hand.done = true;
    if (!hand.done) {
      state.active = i;
      return openStep(state, view(state, null), debit, staked(state));
    }
  }
  return finish(state, floats, debit);
};

/** After the insurance decision (or straight away when the up card is not an ace): peek, then play. */
const afterPeek = (state: TBlackjackState, floats: TFloats, debit: bigint) => {
  if (isBlackjack(state.dealer) || isBlackjack(state.hands[0]!.cards)) return finish(state, floats, debit);
  state.phase = 'player';
  return advance(state, floats, debit);
};

const clone = (state: TBlackjackState): TBlackjackState => ({
  ...state,
  dealer: [...state.dealer],
  hands: state.hands.map((hand) => ({ ...hand, cards: [...hand.cards] })),
});

const deal = (stake: bigint, floats: TFloats) => {
  const state: TBlackjackState = {
    stake,
    dealt: 0,
    dealer: [],
    hands: [{ cards: [], stake, doubled: false, fromSplit: false, done: false }],
    active: 0,
    phase: 'player',
    insurance: null,
  };
  // Player, dealer up card, player, dealer hole card.
  state.hands[0]!.cards.push(draw(state, floats));
  state.dealer.push(draw(state, floats));
  state.hands[0]!.cards.push(draw(state, floats));
  state.dealer.push(draw(state, floats));
  if (cardPoints(state.dealer[0]!) === 1) {
    state.phase = 'insurance';
    return openStep(state, view(state, null), stake, stake);
  }
  return afterPeek(state, floats, stake);
};

export const blackjackRules = (): TGameRules => ({
  summary: 'Beat the dealer’s hand without going over 21.',
  rules: [
    `${BLACKJACK_DECKS} decks, shuffled for every round. The dealer stands on all 17s, soft 17 included.`,
    'Blackjack (an ace and a ten-value card as the first two cards) pays 6:5; other wins pay 1:1; ties push.',
    'When the up card is an ace you may take insurance (half the stake; pays 2:1 if the dealer has blackjack). The dealer then checks for blackjack (also with a ten-value up card): a dealer blackjack ends the round at once and takes only the original stake.',
    'Double down on any first two cards (one more card, stake doubled), also after a split except on split aces.',
    'Split a pair of equal value once; split aces get one card each; 21 after a split is not a blackjack.',
    'No surrender. Wins are whole cents (6:5 on a stake that is not a multiple of 5 cents is rounded down).',
  ],
  mapping: [
    'The 312-card shoe is list = [0…311] (card = value mod 52: rank = card mod 13 (A…K), suit = floor(card / 13)).',
    'Forward Fisher–Yates: for i = 0, 1, 2 …: j = i + floor(floatᵢ × (312 − i)), swap list[i] and list[j]; the i-th card dealt is list[i].',
    'Deal order: player, dealer up card, player, dealer hole card, then every further card in the order it is drawn.',
  ],
  paytable: [
    { label: 'Blackjack', value: '6:5' },
    { label: 'Win', value: '1:1' },
    { label: 'Insurance', value: '2:1' },
  ],
  rtp: blackjackBasicStrategyRtp(),
  rtpText: `${rtpText(blackjackBasicStrategyRtp())} with optimal basic strategy (infinite-deck analysis; 6 decks differ by < 0.1%)`,
});

export const blackjackEngine: TGameEngine<TBlackjackState, TBlackjackAction, TBlackjackOutcome> = {
  id: 'blackjack',
  kind: 'casino',
  name: 'Blackjack',
  rules: blackjackRules,
  step(previous, action, floats) {
    if (previous === null) {
      rule('stake' in action, 'invalid_action', 'a blackjack round opens with a bet');
      return deal(assertStake(action.stake), floats);
    }
    rule('type' in action, 'invalid_action', 'unknown action');
    const state = clone(previous);
    rule(state.phase !== 'done', 'round_finished', 'the round is over');
    if (state.phase === 'insurance') {
      rule(action.type === 'insurance', 'invalid_action', 'take or refuse insurance first');
      const insurance = action.take ? state.stake / 2n : 0n;
      state.insurance = action.take ? insurance : null;
      return afterPeek(state, floats, insurance);
    }
    rule(action.type !== 'insurance', 'invalid_action', 'insurance is offered only on the deal');
    const hand = state.hands[state.active]!;
    switch (action.type) {
      case 'hit':
        hand.cards.push(draw(state, floats));
        return advance(state, floats, 0n);
      case 'stand':
        hand.done = true;
        return advance(state, floats, 0n);
      case 'double': {
        rule(canDouble(hand), 'invalid_action', 'double only on the first two cards (not on split aces)');
        const extra = hand.stake;
        hand.stake += extra;
        hand.doubled = true;
        hand.cards.push(draw(state, floats));
        hand.done = true;
        return advance(state, floats, extra);
      }
      case 'split': {
        rule(canSplit(state, hand), 'invalid_action', 'split a pair of equal value, once a round');
        const aces = cardPoints(hand.cards[0]!) === 1;
        const second: TBlackjackHand = {
          cards: [hand.cards.pop()!],
          stake: hand.stake,
          doubled: false,
          fromSplit: true,
          done: false,
        };
        hand.fromSplit = true;
        state.hands.push(second);
        hand.cards.push(draw(state, floats));
        second.cards.push(draw(state, floats));
        if (aces) {
          hand.done = true;
          second.done = true;
        }
        return advance(state, floats, second.stake);
      }
      default:
        throw new GameRuleError('invalid_action', 'unknown action');
    }
  },
};
