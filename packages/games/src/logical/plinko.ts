/** Plinko: a ball falls through 8–16 rows of pegs into a slot; three risk levels. */
import { finishedStep, rtpText, type TGameEngine, type TGameRules } from '../core/engine.ts';
import { assertStake, rule } from '../core/errors.ts';
import { applyMultiplier, hundredths, ratio, sum, type TRatio } from '../core/ratio.ts';
import type { TFloats } from '../fair/stream.ts';

export const PLINKO_RISKS = ['low', 'medium', 'high'] as const;
export type TPlinkoRisk = (typeof PLINKO_RISKS)[number];
export const PLINKO_MIN_ROWS = 8;
export const PLINKO_MAX_ROWS = 16;

/** Slot multipliers in hundredths (stake included), slot 0 = far left, indexed [risk][rows][slot]. */
export const PLINKO_PAYTABLE: Record<TPlinkoRisk, Record<number, readonly number[]>> = {
  low: {
    8: [333, 219, 141, 87, 50, 87, 141, 219, 333],
    9: [365, 245, 162, 104, 65, 65, 104, 162, 245, 365],
    10: [428, 289, 193, 127, 81, 50, 81, 127, 193, 289, 428],
    11: [474, 323, 219, 147, 96, 63, 63, 96, 147, 219, 323, 474],
    12: [554, 379, 258, 174, 117, 77, 50, 77, 117, 174, 258, 379, 554],
    13: [618, 424, 291, 199, 135, 92, 61, 61, 92, 135, 199, 291, 424, 618],
    14: [720, 495, 340, 234, 160, 109, 74, 50, 74, 109, 160, 234, 340, 495, 720],
    15: [808, 557, 384, 265, 183, 126, 87, 60, 60, 87, 126, 183, 265, 384, 557, 808],
    16: [941, 650, 449, 310, 214, 149, 103, 71, 50, 71, 103, 149, 214, 310, 449, 650, 941],
  },
  medium: {
    8: [591, 309, 157, 74, 30, 74, 157, 309, 591],
    9: [710, 377, 197, 99, 46, 46, 99, 197, 377, 710],
    10: [903, 482, 255, 132, 66, 30, 66, 132, 255, 482, 903],
    11: [1100, 591, 316, 167, 86, 44, 44, 86, 167, 316, 591, 1100],
    12: [1400, 753, 405, 217, 115, 59, 30, 59, 115, 217, 405, 753, 1400],
    13: [1720, 929, 502, 270, 145, 78, 41, 41, 78, 145, 270, 502, 929, 1720],
    14: [2190, 1180, 640, 346, 187, 102, 55, 30, 55, 102, 187, 346, 640, 1180, 2190],
    15: [2720, 1470, 797, 432, 235, 128, 70, 40, 40, 70, 128, 235, 432, 797, 1470, 2720],
    16: [3470, 1880, 1020, 552, 301, 165, 91, 51, 30, 51, 91, 165, 301, 552, 1020, 1880, 3470],
  },
  high: {
    8: [1020, 403, 158, 59, 20, 59, 158, 403, 1020],
    9: [1360, 544, 216, 85, 33, 33, 85, 216, 544, 1360],
    10: [1900, 760, 304, 122, 49, 20, 49, 122, 304, 760, 1900],
    11: [2590, 1040, 417, 169, 68, 30, 30, 68, 169, 417, 1040, 2590],
    12: [3620, 1450, 584, 237, 98, 42, 20, 42, 98, 237, 584, 1450, 3620],
    13: [4990, 2000, 805, 326, 135, 57, 28, 28, 57, 135, 326, 805, 2000, 4990],
    14: [7020, 2810, 1130, 457, 188, 80, 37, 20, 37, 80, 188, 457, 1130, 2810, 7020],
    15: [9770, 3910, 1570, 634, 260, 110, 49, 26, 26, 49, 110, 260, 634, 1570, 3910, 9770],
    16: [13800, 5520, 2210, 892, 363, 152, 67, 33, 20, 33, 67, 152, 363, 892, 2210, 5520, 13800],
  },
};

const choose = (n: number, k: number): bigint => {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
};

/** Exact RTP: Σ C(rows, k) / 2^rows × multiplier[k]. */
export const plinkoRtp = (risk: TPlinkoRisk, rows: number): TRatio =>
  sum(
    PLINKO_PAYTABLE[risk][rows]!.map((m, k) => ratio(choose(rows, k) * BigInt(m), 2n ** BigInt(rows) * 100n)),
  );

/** The path: at row i the ball goes right when floatᵢ ≥ 0.5, else left; the slot is the number of rights. */
export const plinkoPath = (rows: number, floats: TFloats): ('L' | 'R')[] =>
  Array.from({ length: rows }, (_, i) => (floats.at(i) >= 0.5 ? 'R' : 'L'));

export type TPlinkoBet = { stake: bigint; rows: number; risk: TPlinkoRisk };
export type TPlinkoOutcome = { path: ('L' | 'R')[]; slot: number; multiplier: TRatio };

export const plinkoRules = (): TGameRules => ({
  summary: 'Drop a ball through 8–16 rows of pegs; the slot it lands in sets the multiplier.',
  rules: [
    'Choose 8–16 rows and a risk level (low, medium, high): higher risk pays more at the edges and less in the middle.',
    'At each row the ball falls left or right with equal chance; the slot number is how many times it went right.',
    'The payout is stake × the slot’s multiplier, rounded down to the cent.',
  ],
  mapping: [
    'Row i (0-based) uses floatᵢ: right when floatᵢ ≥ 0.5, left otherwise; slot = number of rights (0 … rows).',
  ],
  paytable: PLINKO_RISKS.flatMap((risk) =>
    Object.entries(PLINKO_PAYTABLE[risk]).map(([rows, row]) => ({
      label: `${risk} risk, ${rows} rows`,
      value: row.map((m) => `${(m / 100).toFixed(2)}×`).join(' '),
    })),
  ),
  rtp: plinkoRtp('medium', 16),
  rtpText: PLINKO_RISKS.flatMap((risk) =>
    Object.keys(PLINKO_PAYTABLE[risk]).map(
      (rows) => `${risk}/${rows}: ${rtpText(plinkoRtp(risk, Number(rows)))}`,
    ),
  ).join('; '),
});

export const plinkoEngine: TGameEngine<TPlinkoBet & { slot: number }, TPlinkoBet, TPlinkoOutcome> = {
  id: 'plinko',
  kind: 'logical',
  name: 'Plinko',
  rules: plinkoRules,
  step(state, bet, floats) {
    rule(state === null, 'round_finished', 'a plinko round has one action');
    const stake = assertStake(bet.stake);
    rule(
      Number.isInteger(bet.rows) && bet.rows >= PLINKO_MIN_ROWS && bet.rows <= PLINKO_MAX_ROWS,
      'invalid_rows',
      'choose 8–16 rows',
      'rows',
    );
    rule(PLINKO_RISKS.includes(bet.risk), 'invalid_risk', 'risk is low, medium or high', 'risk');
    const path = plinkoPath(bet.rows, floats);
    const slot = path.filter((step) => step === 'R').length;
    const multiplier = hundredths(PLINKO_PAYTABLE[bet.risk][bet.rows]![slot]!);
    return finishedStep(
      { stake, rows: bet.rows, risk: bet.risk, slot },
      { path, slot, multiplier },
      stake,
      stake,
      applyMultiplier(stake, multiplier),
    );
  },
};
