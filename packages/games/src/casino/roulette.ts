/** European roulette (single zero): every standard bet, validated against the layout. RTP 36/37. */
import { finishedStep, rtpText, type TGameEngine, type TGameRules } from '../core/engine.ts';
import { GameRuleError, rule } from '../core/errors.ts';
import { ratio, type TRatio } from '../core/ratio.ts';
import type { TFloats } from '../fair/stream.ts';

export const ROULETTE_POCKETS = 37;
export const ROULETTE_RTP = ratio(36n, 37n);
export const ROULETTE_MAX_BETS = 200;
export const RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

export const ROULETTE_BET_TYPES = [
  'straight',
  'split',
  'street',
  'trio',
  'corner',
  'first_four',
  'line',
  'column',
  'dozen',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type TRouletteBetType = (typeof ROULETTE_BET_TYPES)[number];

/** Inside bets name their numbers; column and dozen name an index 1–3; the even-money bets name nothing. */
export type TRouletteBet = { type: TRouletteBetType; amount: bigint; numbers?: number[]; index?: number };

/** pocket = floor(float₀ × 37). */
export const roulettePocket = (float: number): number => Math.floor(float * ROULETTE_POCKETS);

export const pocketColor = (pocket: number): 'green' | 'red' | 'black' =>
  pocket === 0 ? 'green' : RED_NUMBERS.includes(pocket) ? 'red' : 'black';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const key = (numbers: number[]) => [...numbers].sort((a, b) => a - b).join('-');

/** Every legal inside placement, by type, as sorted-number keys. */
const INSIDE: Record<
  'straight' | 'split' | 'street' | 'trio' | 'corner' | 'first_four' | 'line',
  Set<string>
> = {
  straight: new Set(range(0, 36).map((n) => key([n]))),
  split: new Set([
    // side by side in a street, one above the other in a column, and zero with 1, 2, 3
    ...range(1, 36)
      .filter((n) => n % 3 !== 0)
      .map((n) => key([n, n + 1])),
    ...range(1, 33).map((n) => key([n, n + 3])),
    key([0, 1]),
    key([0, 2]),
    key([0, 3]),
  ]),
  street: new Set(range(0, 11).map((k) => key([3 * k + 1, 3 * k + 2, 3 * k + 3]))),
  trio: new Set([key([0, 1, 2]), key([0, 2, 3])]),
  corner: new Set(
    range(1, 32)
      .filter((n) => n % 3 !== 0)
      .map((n) => key([n, n + 1, n + 3, n + 4])),
  ),
  first_four: new Set([key([0, 1, 2, 3])]),
  line: new Set(range(0, 10).map((k) => key(range(3 * k + 1, 3 * k + 6)))),
};

/** The numbers a bet covers (validated); throws GameRuleError for a placement the layout does not have. */
export const betNumbers = (bet: TRouletteBet): number[] => {
  switch (bet.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'trio':
    case 'corner':
    case 'first_four':
    case 'line': {
      const numbers = bet.numbers;
      rule(
        Array.isArray(numbers) &&
          numbers.every((n) => Number.isInteger(n)) &&
          INSIDE[bet.type].has(key(numbers)),
        'invalid_bet',
        `not a ${bet.type} on the layout`,
        'numbers',
      );
      return [...numbers].sort((a, b) => a - b);
    }
    case 'column':
    case 'dozen': {
      const index = bet.index;
      rule(index === 1 || index === 2 || index === 3, 'invalid_bet', `${bet.type} is 1, 2 or 3`, 'index');
      return bet.type === 'column'
        ? range(1, 36).filter((n) => (n - index) % 3 === 0)
        : range(12 * index - 11, 12 * index);
    }
    case 'red':
      return [...RED_NUMBERS];
    case 'black':
      return range(1, 36).filter((n) => !RED_NUMBERS.includes(n));
    case 'odd':
      return range(1, 36).filter((n) => n % 2 === 1);
    case 'even':
      return range(1, 36).filter((n) => n % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
    default:
      throw new GameRuleError('invalid_bet', 'unknown bet type', 'type');
  }
};

/** Return on a winning bet, stake included: 36 / numbers covered (straight 36×, split 18× … even money 2×). */
export const betMultiplier = (covered: number): TRatio => ratio(36n, BigInt(covered));

export const validateRouletteBets = (bets: TRouletteBet[]): bigint => {
  rule(Array.isArray(bets) && bets.length > 0, 'invalid_bet', 'place at least one bet', 'bets');
  rule(bets.length <= ROULETTE_MAX_BETS, 'invalid_bet', `at most ${ROULETTE_MAX_BETS} bets a spin`, 'bets');
  let total = 0n;
  for (const bet of bets) {
    rule(
      typeof bet.amount === 'bigint' && bet.amount > 0n,
      'invalid_stake',
      'each bet is a positive amount',
      'amount',
    );
    betNumbers(bet);
    total += bet.amount;
  }
  return total;
};

export type TRouletteBetResult = { type: TRouletteBetType; numbers: number[]; amount: bigint; win: bigint };

/** Settles bets on a pocket: a bet covering the pocket returns amount × 36 / covered (always whole cents). */
export const settleRouletteBets = (
  bets: TRouletteBet[],
  pocket: number,
): { results: TRouletteBetResult[]; win: bigint } => {
  const results = bets.map((bet) => {
    const numbers = betNumbers(bet);
    const win = numbers.includes(pocket) ? (bet.amount * 36n) / BigInt(numbers.length) : 0n;
    return { type: bet.type, numbers, amount: bet.amount, win };
  });
  return { results, win: results.reduce((total, r) => total + r.win, 0n) };
};

export type TRouletteAction = { bets: TRouletteBet[] };
export type TRouletteOutcome = {
  pocket: number;
  color: 'green' | 'red' | 'black';
  results: TRouletteBetResult[];
};

export const rouletteRules = (): TGameRules => ({
  summary: 'European roulette: one zero, 37 pockets.',
  rules: [
    'Inside bets: straight (1 number, 35:1), split (2 adjacent, 17:1), street (a row of 3, 11:1), trio (0-1-2 or 0-2-3, 11:1), corner (4 in a square, 8:1), first four (0-1-2-3, 8:1), line (two rows, 6 numbers, 5:1).',
    'Outside bets: column and dozen (12 numbers, 2:1); red, black, odd, even, low 1–18, high 19–36 (1:1). Zero loses every outside bet.',
    `Up to ${ROULETTE_MAX_BETS} bets a spin; each is a positive whole number of cents.`,
  ],
  mapping: ['pocket = floor(float₀ × 37), 0–36.'],
  paytable: [
    { label: 'Straight', value: '35:1' },
    { label: 'Split', value: '17:1' },
    { label: 'Street / trio', value: '11:1' },
    { label: 'Corner / first four', value: '8:1' },
    { label: 'Line', value: '5:1' },
    { label: 'Column / dozen', value: '2:1' },
    { label: 'Red, black, odd, even, low, high', value: '1:1' },
  ],
  rtp: ROULETTE_RTP,
  rtpText: rtpText(ROULETTE_RTP),
});

const spin = (action: TRouletteAction, floats: TFloats) => {
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
};

export const rouletteEngine: TGameEngine<
  { bets: TRouletteBet[]; pocket: number },
  TRouletteAction,
  TRouletteOutcome
> = {
  id: 'roulette',
  kind: 'casino',
  name: 'European Roulette',
  rules: rouletteRules,
  step(state, action, floats) {
    rule(state === null, 'round_finished', 'a roulette round has one action');
    return spin(action, floats);
  },
};
