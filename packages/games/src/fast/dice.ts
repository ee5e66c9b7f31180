/** Dice: roll 0.00–100.00, bet over or under a target; 99% RTP for every target. */
import { finishedStep, rtpText, type TGameEngine, type TGameRules } from '../core/engine.ts';
import { assertStake, rule } from '../core/errors.ts';
import { applyMultiplier, ratio, type TRatio, toDecimal } from '../core/ratio.ts';
import type { TFloats } from '../fair/stream.ts';

/** Rolls are hundredths 0…10000 (shown as 0.00…100.00): 10001 equally likely values. */
export const DICE_OUTCOMES = 10001;
/** Return to player: 99/100 (1% house edge). */
export const DICE_RTP = ratio(99n, 100n);
/** Winning rolls allowed per bet: from 10 (≈0.1% chance, 990.1×) to 9800 (≈98% chance, 1.0103×). */
export const DICE_MIN_WINNING = 10;
export const DICE_MAX_WINNING = 9800;

/** roll = floor(float × 10001) / 100, kept in hundredths. */
export const diceRoll = (float: number): number => Math.floor(float * DICE_OUTCOMES);

export type TDiceBet = { stake: bigint /** hundredths, 0…10000 */; target: number; over: boolean };

/** How many of the 10001 rolls win: over wins on roll > target, under on roll < target. */
export const diceWinningRolls = (target: number, over: boolean): number => (over ? 10000 - target : target);

export const validateDiceBet = (bet: TDiceBet): void => {
  assertStake(bet.stake);
  rule(
    Number.isInteger(bet.target) && bet.target >= 0 && bet.target <= 10000,
    'invalid_target',
    'target is 0.00–100.00 in hundredths',
    'target',
  );
  rule(typeof bet.over === 'boolean', 'invalid_direction', 'over must be true or false', 'over');
  const winning = diceWinningRolls(bet.target, bet.over);
  rule(
    winning >= DICE_MIN_WINNING && winning <= DICE_MAX_WINNING,
    'invalid_target',
    'win chance must be between 0.1% and 98%',
    'target',
  );
};

/** Payout multiplier (stake included) = RTP × 10001 / winning rolls, exact. */
export const diceMultiplier = (target: number, over: boolean): TRatio =>
  ratio(DICE_RTP.num * BigInt(DICE_OUTCOMES), DICE_RTP.den * BigInt(diceWinningRolls(target, over)));

export type TDiceOutcome = { roll: number; rollText: string; won: boolean; multiplier: TRatio };

export const playDice = (bet: TDiceBet, floats: TFloats) => {
  validateDiceBet(bet);
  const roll = diceRoll(floats.at(0));
  const won = bet.over ? roll > bet.target : roll < bet.target;
  const multiplier = diceMultiplier(bet.target, bet.over);
  const win = won ? applyMultiplier(bet.stake, multiplier) : 0n;
  const outcome: TDiceOutcome = { roll, rollText: (roll / 100).toFixed(2), won, multiplier };
  return finishedStep({ bet, roll }, outcome, bet.stake, bet.stake, win);
};

export const diceRules = (): TGameRules => ({
  summary: 'Pick a target and bet that the roll lands over or under it.',
  rules: [
    'The roll is a number from 0.00 to 100.00 with two decimals (10001 equally likely values).',
    '"Over" wins when the roll is strictly greater than the target, "under" when strictly smaller.',
    'The win chance is between 0.1% and 98%; the payout (stake included) is 0.99 × 10001 ÷ winning rolls.',
    'Wins are rounded down to the cent.',
  ],
  mapping: ['roll = floor(float₀ × 10001) / 100.'],
  paytable: [
    { label: 'Over 50.00 (49.99% chance)', value: `${toDecimal(diceMultiplier(5000, true))}×` },
    { label: 'Under 10.00 (9.99% chance)', value: `${toDecimal(diceMultiplier(1000, false))}×` },
    { label: 'Over 99.00 (0.99% chance)', value: `${toDecimal(diceMultiplier(9900, true))}×` },
  ],
  rtp: DICE_RTP,
  rtpText: rtpText(DICE_RTP),
});

export const diceEngine: TGameEngine<{ bet: TDiceBet; roll: number }, TDiceBet, TDiceOutcome> = {
  id: 'dice',
  kind: 'fast',
  name: 'Dice',
  rules: diceRules,
  step(state, action, floats) {
    rule(state === null, 'round_finished', 'a dice round has one action');
    return playDice(action, floats);
  },
};
