/**
 * Crash: a shared round's multiplier climbs from 1.00× until the round's crash point; a bet cashes out before it
 * (by hand, at the server's reading of the curve, or by its auto cash-out). 99% RTP at every cash-out target.
 */
import { finishedStep, openStep, rtpText, type TGameEngine, type TGameRules } from '../core/engine.ts';
import { assertStake, rule } from '../core/errors.ts';
import { applyMultiplier, hundredths, ratio, type TRatio } from '../core/ratio.ts';

const TWO_POW_32 = 2n ** 32n;
/** 99 (= 100 × RTP): the crash point is floor(99 · 2³² / (2³² − u)) hundredths. */
const EDGE_NUMERATOR = 99n;
/** Cash-out targets from 1.01× to 1,000,000×. */
export const CRASH_MIN_CASHOUT = 101;
export const CRASH_MAX_CASHOUT = 100_000_000;
/** The multiplier grows as e^(GROWTH · ms). */
export const CRASH_GROWTH_PER_MS = 0.00006;

/**
 * Crash point in hundredths from one float: u = float × 2³² (an integer), d = 2³² − u (1 … 2³²),
 * crash = max(100, floor(99 · 2³² / d)). So P(crash ≥ k/100) = floor(99 · 2³² / k) / 2³² ≈ 0.99 · 100 / k.
 */
export const crashPoint = (float: number): number => {
  const u = BigInt(Math.floor(float * 2 ** 32));
  const point = (EDGE_NUMERATOR * TWO_POW_32) / (TWO_POW_32 - u);
  return Number(point < 100n ? 100n : point);
};

/** Exact probability that the crash point reaches `target` hundredths (target ≥ 101). */
export const crashSurvival = (target: number): TRatio => {
  const count = (EDGE_NUMERATOR * TWO_POW_32) / BigInt(target);
  return ratio(count < TWO_POW_32 ? count : TWO_POW_32, TWO_POW_32);
};

/** Exact RTP of cashing out at `target` hundredths: P(crash ≥ target) × target / 100 (just under 99%). */
export const crashRtp = (target: number): TRatio => {
  const p = crashSurvival(target);
  return ratio(p.num * BigInt(target), p.den * 100n);
};

/** The curve: multiplier in hundredths after `ms` milliseconds, floor(100 · e^(0.00006 · ms)). */
export const crashMultiplierAt = (ms: number): number =>
  Math.max(100, Math.floor(100 * Math.exp(CRASH_GROWTH_PER_MS * ms)));

/** The first millisecond at which the curve shows `multiplier` hundredths (when a round with that crash point ends). */
export const crashTimeFor = (multiplier: number): number => {
  let ms = Math.max(0, Math.floor(Math.log(multiplier / 100) / CRASH_GROWTH_PER_MS) - 2);
  while (crashMultiplierAt(ms) < multiplier) ms++;
  return ms;
};

/**
 * The cash-out rule: a cash-out at multiplier M (hundredths) wins stake × M when M ≤ crash. An auto cash-out at A
 * fires when the flight reaches A, so it wins when A ≤ crash; a manual cash-out after A counts as A.
 */
export const crashCashoutWins = (cashout: number, crash: number): boolean => cashout <= crash;

/** The multiplier (hundredths) a bet cashes out at: the manual one, capped by the auto cash-out that fired first. */
export const crashCashoutAt = (manual: number | null, auto: number | null): number | null =>
  manual === null ? auto : auto === null ? manual : Math.min(manual, auto);

export type TCrashBet = { stake: bigint /** hundredths */; autoCashout?: number };
/**
 * After the bet: `cashout` at the server's multiplier (hundredths), or `end` — the bet settles by its auto
 * cash-out (won when the flight reached it) or, without one, is lost at the crash.
 */
export type TCrashAction = TCrashBet | { type: 'cashout'; multiplier: number } | { type: 'end' };
export type TCrashState = { stake: bigint; autoCashout: number | null; crash: number };
export type TCrashOutcome = {
  /** The crash point in hundredths, once the bet has settled. */
  crash: number | null;
  cashedOutAt: number | null;
  won: boolean;
  autoCashout: number | null;
};

const validateCashout = (value: number, field: string) =>
  rule(
    Number.isInteger(value) && value >= CRASH_MIN_CASHOUT && value <= CRASH_MAX_CASHOUT,
    'invalid_cashout',
    'cash out between 1.01× and 1,000,000×',
    field,
  );

const settle = (state: TCrashState, cashout: number | null) => {
  const won = cashout !== null && crashCashoutWins(cashout, state.crash);
  const win = won ? applyMultiplier(state.stake, hundredths(cashout)) : 0n;
  return finishedStep(
    state,
    { crash: state.crash, cashedOutAt: won ? cashout : null, won, autoCashout: state.autoCashout },
    0n,
    state.stake,
    win,
  );
};

export const CRASH_BETTING_SECONDS = 7;

export const crashRules = (): TGameRules => ({
  summary: 'A shared round: bet before take-off, cash out before the multiplier crashes.',
  rules: [
    `Every round is the same for every player at the table: ${CRASH_BETTING_SECONDS} s to bet, then the flight, then a short pause.`,
    'The multiplier starts at 1.00× and grows as e^(0.00006·ms) until the round’s crash point.',
    'Cash out at any moment of the flight to win stake × the multiplier on the server’s clock (rounded down to the cent).',
    'An auto cash-out (1.01× – 1,000,000×) cashes out by itself when the flight reaches it, even with the page closed.',
    'A bet not cashed out when the multiplier crashes is lost. About 1 round in 100 crashes at 1.00×: every bet of that round loses.',
    'If the table stops (a server restart) and is not back before the crash point: auto cash-outs at or below the crash point are paid, every other bet still open is returned.',
  ],
  mapping: [
    'Each round: a fresh server seed whose SHA-256 is published when betting opens; client seed = the table’s name; nonce = the round number; the seed is revealed at the crash.',
    'u = float₀ × 2³² (the 32-bit integer of the first four bytes); crash = max(1.00, floor(99 · 2³² / (2³² − u)) / 100).',
  ],
  paytable: [
    {
      label: 'Cash out at 2.00×',
      value: `wins with probability ${(Number(crashSurvival(200).num) / 2 ** 32).toFixed(6)}`,
    },
    {
      label: 'Cash out at 10.00×',
      value: `wins with probability ${(Number(crashSurvival(1000).num) / 2 ** 32).toFixed(6)}`,
    },
  ],
  rtp: crashRtp(200),
  rtpText: `${rtpText(crashRtp(200))} at 2.00× (≤ 99% at every target)`,
});

export const crashEngine: TGameEngine<TCrashState, TCrashAction, TCrashOutcome> = {
  id: 'crash',
  kind: 'fast',
  name: 'Crash',
  rules: crashRules,
  step(state, action, floats) {
    if (state === null) {
      rule('stake' in action, 'invalid_action', 'a crash round opens with a bet');
      const stake = assertStake(action.stake);
      const autoCashout = action.autoCashout ?? null;
      if (autoCashout !== null) validateCashout(autoCashout, 'autoCashout');
      const opened: TCrashState = { stake, autoCashout, crash: crashPoint(floats.at(0)) };
      return openStep(opened, { crash: null, cashedOutAt: null, won: false, autoCashout }, stake, stake);
    }
    rule('type' in action, 'invalid_action', 'cash out or end the round');
    if (action.type === 'cashout') {
      validateCashout(action.multiplier, 'multiplier');
      return settle(state, crashCashoutAt(action.multiplier, state.autoCashout));
    }
    rule(action.type === 'end', 'invalid_action', 'cash out or end the round');
    return settle(state, state.autoCashout);
  },
};
