/** Keno: pick 1–10 of 40 numbers, 10 are drawn; the paytable pays by picks and hits. */
import { finishedStep, rtpText, type TGameEngine, type TGameRules } from '../core/engine.ts';
import { assertStake, rule } from '../core/errors.ts';
import { applyMultiplier, hundredths, ratio, sum, type TRatio } from '../core/ratio.ts';
import { partialShuffle } from '../core/shuffle.ts';

export const KENO_NUMBERS = 40;
export const KENO_DRAWN = 10;

/** Payout multipliers in hundredths (stake included), indexed [picks][hits]. */
export const KENO_PAYTABLE: Record<number, readonly number[]> = {
  1: [0, 388],
  2: [0, 170, 550],
  3: [0, 0, 507, 2280],
  4: [0, 0, 266, 759, 4420],
  5: [0, 0, 0, 774, 2870, 21100],
  6: [0, 0, 0, 427, 1210, 5660, 52200],
  7: [0, 0, 0, 277, 639, 2280, 13400, 156200],
  8: [0, 0, 0, 0, 722, 2100, 9410, 69900, 1057100],
  9: [0, 0, 0, 0, 455, 1130, 4130, 23400, 225200, 4714300],
  10: [0, 0, 0, 0, 314, 680, 2120, 9770, 71700, 956400, 32844800],
};

const choose = (n: number, k: number): bigint => {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

/** P(hits = h | picks = p): hypergeometric C(p, h) · C(40 − p, 10 − h) / C(40, 10). */
export const kenoHitProbability = (picks: number, hits: number): TRatio =>
  ratio(
    choose(picks, hits) * choose(KENO_NUMBERS - picks, KENO_DRAWN - hits),
    choose(KENO_NUMBERS, KENO_DRAWN),
  );

/** Exact RTP for a number of picks: Σ P(h) × paytable[p][h]. */
export const kenoRtp = (picks: number): TRatio =>
  sum(
    KENO_PAYTABLE[picks]!.map((m, h) =>
      ratio(kenoHitProbability(picks, h).num * BigInt(m), kenoHitProbability(picks, h).den * 100n),
    ),
  );

/** The draw: partial Fisher–Yates over 0…39 with floats 0…9; numbers shown are 1…40. */
export const kenoDraw = (floats: { at(i: number): number }): number[] =>
  partialShuffle(KENO_NUMBERS, KENO_DRAWN, floats, 0).map((n) => n + 1);

export type TKenoBet = { stake: bigint; picks: number[] };
export type TKenoOutcome = { drawn: number[]; hits: number[]; multiplier: TRatio };

export const kenoRules = (): TGameRules => ({
  summary: 'Pick 1 to 10 numbers from 1–40; ten numbers are drawn.',
  rules: [
    'Choose 1–10 different numbers from 1 to 40. Ten numbers are drawn without repetition.',
    'The payout (stake included) depends on how many you picked and how many of them were drawn; wins are rounded down to the cent.',
  ],
  mapping: [
    'Partial Fisher–Yates: list = [1…40]; for i = 0 … 9: j = i + floor(floatᵢ × (40 − i)), swap list[i] and list[j]; drawn = list[0 … 9] in that order.',
  ],
  paytable: Object.entries(KENO_PAYTABLE).map(([picks, row]) => ({
    label: `${picks} pick${picks === '1' ? '' : 's'}`,
    value: row
      .map((m, hits) => (m > 0 ? `${hits} hits ${(m / 100).toFixed(2)}×` : ''))
      .filter(Boolean)
      .join(', '),
  })),
  rtp: kenoRtp(10),
  rtpText: Array.from({ length: 10 }, (_, i) => `${i + 1} picks ${rtpText(kenoRtp(i + 1))}`).join('; '),
});

export const kenoEngine: TGameEngine<TKenoBet & { drawn: number[] }, TKenoBet, TKenoOutcome> = {
  id: 'keno',
  kind: 'logical',
  name: 'Keno',
  rules: kenoRules,
  step(state, bet, floats) {
    rule(state === null, 'round_finished', 'a keno round has one action');
    const stake = assertStake(bet.stake);
    const picks = bet.picks;
    rule(
      Array.isArray(picks) &&
        picks.length >= 1 &&
        picks.length <= 10 &&
        picks.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_NUMBERS) &&
        new Set(picks).size === picks.length,
      'invalid_picks',
      'pick 1–10 different numbers from 1 to 40',
      'picks',
    );
    const drawn = kenoDraw(floats);
    const hits = picks.filter((n) => drawn.includes(n));
    const multiplier = hundredths(KENO_PAYTABLE[picks.length]![hits.length]!);
    return finishedStep(
      { stake, picks, drawn },
      { drawn, hits, multiplier },
      stake,
      stake,
      applyMultiplier(stake, multiplier),
    );
  },
};
