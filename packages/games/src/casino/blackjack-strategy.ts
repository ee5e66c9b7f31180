/**
 * Exact infinite-deck analysis of our blackjack rules (S17, 6:5, peek, double any two, DAS, split once, split
 * aces one card): the best action for every (hand, up card) and the exact RTP of playing it, as rationals.
 * An infinite deck draws every rank with fixed probability (1/13, ten-values 4/13); a 6-deck shoe differs slightly.
 */
import { add, compare, mul, ONE, ratio, sub, sum, type TRatio, ZERO } from '../core/ratio.ts';
import { BLACKJACK_PAYS } from './blackjack-payout.ts';

const P: TRatio[] = [ZERO, ...Array.from({ length: 10 }, (_, i) => ratio(i === 9 ? 4n : 1n, 13n))]; // P[1..10]
const CARDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const total = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);

/** Dealer final totals [17, 18, 19, 20, 21, bust] from a hand (hard sum, has ace). */
const dealerMemo = new Map<string, TRatio[]>();
const dealerFrom = (hard: number, ace: boolean): TRatio[] => {
  const t = total(hard, ace);
  if (hard > 21) return [ZERO, ZERO, ZERO, ZERO, ZERO, ONE];
  if (t >= 17) return [17, 18, 19, 20, 21].map((v) => (v === t ? ONE : ZERO)).concat([ZERO]);
  const key = `${hard}:${ace}`;
  const cached = dealerMemo.get(key);
  if (cached) return cached;
  let dist = [ZERO, ZERO, ZERO, ZERO, ZERO, ZERO];
  for (const c of CARDS) {
    const next = dealerFrom(hard + c, ace || c === 1);
    dist = dist.map((d, i) => add(d, mul(P[c]!, next[i]!)));
  }
  dealerMemo.set(key, dist);
  return dist;
};

/** Dealer final totals given the up card, knowing the dealer has no blackjack (the peek). */
const upMemo = new Map<number, TRatio[]>();
const dealerGivenUp = (up: number): TRatio[] => {
  const cached = upMemo.get(up);
  if (cached) return cached;
  const holes = CARDS.filter((c) => !(up === 1 && c === 10) && !(up === 10 && c === 1));
  const mass = sum(holes.map((c) => P[c]!));
  let dist = [ZERO, ZERO, ZERO, ZERO, ZERO, ZERO];
  for (const c of holes) {
    const next = dealerFrom(up + c, up === 1 || c === 1);
    const weight = ratio(P[c]!.num * mass.den, P[c]!.den * mass.num);
    dist = dist.map((d, i) => add(d, mul(weight, next[i]!)));
  }
  upMemo.set(up, dist);
  return dist;
};

const MINUS_ONE = ratio(-1n);
const max = (...values: TRatio[]) => values.reduce((a, b) => (compare(a, b) >= 0 ? a : b));

const standEv = (playerTotal: number, up: number): TRatio => {
  if (playerTotal > 21) return MINUS_ONE;
  const dist = dealerGivenUp(up);
  let ev = dist[5]!; // dealer busts
  [17, 18, 19, 20, 21].forEach((d, i) => {
    if (playerTotal > d) ev = add(ev, dist[i]!);
    else if (playerTotal < d) ev = sub(ev, dist[i]!);
  });
  return ev;
};

const hitMemo = new Map<string, TRatio>();
/** Best of stand / hit once more, for a hand that may no longer double or split. */
const standOrHit = (hard: number, ace: boolean, up: number): TRatio => {
  if (hard > 21) return MINUS_ONE;
  return max(standEv(total(hard, ace), up), hitEv(hard, ace, up));
};
const hitEv = (hard: number, ace: boolean, up: number): TRatio => {
  const key = `${hard}:${ace}:${up}`;
  const cached = hitMemo.get(key);
  if (cached) return cached;
  const ev = sum(CARDS.map((c) => mul(P[c]!, standOrHit(hard + c, ace || c === 1, up))));
  hitMemo.set(key, ev);
  return ev;
};
const doubleEv = (hard: number, ace: boolean, up: number): TRatio =>
  mul(ratio(2n), sum(CARDS.map((c) => mul(P[c]!, standEv(total(hard + c, ace || c === 1), up)))));

export type TBasicAction = 'stand' | 'hit' | 'double' | 'split';

const optionsEv = (hard: number, ace: boolean, up: number, canDouble: boolean): [TBasicAction, TRatio][] => [
  ['stand', standEv(total(hard, ace), up)],
  ['hit', hitEv(hard, ace, up)],
  ...(canDouble ? ([['double', doubleEv(hard, ace, up)]] as [TBasicAction, TRatio][]) : []),
];

/** EV of one hand of a split pair of `v` (one card `v` plus a drawn card; DAS; split aces stand on one card). */
const splitHandEv = (v: number, up: number): TRatio =>
  sum(
    CARDS.map((c) =>
      mul(
        P[c]!,
        v === 1
          ? standEv(total(1 + c, true), up)
          : max(...optionsEv(v + c, c === 1, up, true).map(([, ev]) => ev)),
      ),
    ),
  );

const best = (options: [TBasicAction, TRatio][]) =>
  options.reduce((a, b) => (compare(a[1], b[1]) >= 0 ? a : b));

/** The best action for a hand against an up card (points: ace = 1, ten-values = 10). */
export const basicStrategyAction = (
  cardPoints: readonly number[],
  up: number,
  allowed: { double: boolean; split: boolean },
): TBasicAction => {
  const hard = cardPoints.reduce((a, b) => a + b, 0);
  const ace = cardPoints.includes(1);
  const key = `${hard}:${ace}:${up}:${allowed.double}:${allowed.split ? cardPoints[0] : 0}`;
  const cached = actionMemo.get(key);
  if (cached) return cached;
  const options = optionsEv(hard, ace, up, allowed.double);
  if (allowed.split) options.push(['split', mul(ratio(2n), splitHandEv(cardPoints[0]!, up))]);
  const action = best(options)[0];
  actionMemo.set(key, action);
  return action;
};
const actionMemo = new Map<string, TBasicAction>();

const rtpMemo = new Map<string, TRatio>();
/**
 * Exact RTP (return per unit of initial stake) of playing the best action every time, infinite deck. `pays` is
 * what a natural wins per unit staked (the game's 6:5 by default; another value only to compare rules).
 */
export const blackjackBasicStrategyRtp = (pays: TRatio = BLACKJACK_PAYS): TRatio => {
  const memoKey = `${pays.num}/${pays.den}`;
  const cached = rtpMemo.get(memoKey);
  if (cached) return cached;
  let ev = ZERO;
  for (const up of CARDS) {
    const dealerBj = up === 1 ? P[10]! : up === 10 ? P[1]! : ZERO;
    const noBj = sub(ONE, dealerBj);
    for (const c1 of CARDS) {
      for (const c2 of CARDS) {
        const weight = mul(P[up]!, mul(P[c1]!, P[c2]!));
        const playerBj = (c1 === 1 && c2 === 10) || (c1 === 10 && c2 === 1);
        let hand: TRatio;
        if (playerBj) hand = mul(noBj, ratio(pays.num, pays.den));
        else {
          const options = optionsEv(c1 + c2, c1 === 1 || c2 === 1, up, true);
          if (c1 === c2) options.push(['split', mul(ratio(2n), splitHandEv(c1, up))]);
          hand = add(mul(dealerBj, MINUS_ONE), mul(noBj, best(options)[1]));
        }
        ev = add(ev, mul(weight, hand));
      }
    }
  }
  const rtp = add(ONE, ev);
  rtpMemo.set(memoKey, rtp);
  return rtp;
};
