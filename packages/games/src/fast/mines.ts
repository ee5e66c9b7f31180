/** Mines: a 5×5 grid hides 1–24 mines; each safe reveal raises the multiplier; cash out before a mine. 99% RTP. */
import { finishedStep, openStep, rtpText, type TGameEngine, type TGameRules } from '../core/engine.ts';
import { assertStake, rule } from '../core/errors.ts';
import { applyMultiplier, ratio, type TRatio, toDecimal } from '../core/ratio.ts';
import { partialShuffle } from '../core/shuffle.ts';
import type { TFloats } from '../fair/stream.ts';

export const MINES_TILES = 25;
export const MINES_RTP = ratio(99n, 100n);

/** Mine tiles: a partial Fisher–Yates over tiles 0…24 (row-major), float i picks position i among 25 − i left. */
export const placeMines = (mines: number, floats: TFloats): number[] =>
  partialShuffle(MINES_TILES, mines, floats, 0).sort((a, b) => a - b);

/** Multiplier after `safe` safe reveals: 0.99 × C(25, k) / C(25 − m, k) = 0.99 × Π (25 − i)/(25 − m − i). */
export const minesMultiplier = (mines: number, safe: number): TRatio => {
  let num = MINES_RTP.num;
  let den = MINES_RTP.den;
  for (let i = 0; i < safe; i++) {
    num *= BigInt(MINES_TILES - i);
    den *= BigInt(MINES_TILES - mines - i);
  }
  return ratio(num, den);
};

/** Probability that `safe` reveals are all safe: C(25 − m, k) / C(25, k). */
export const minesSurvival = (mines: number, safe: number): TRatio => {
  let num = 1n;
  let den = 1n;
  for (let i = 0; i < safe; i++) {
    num *= BigInt(MINES_TILES - mines - i);
    den *= BigInt(MINES_TILES - i);
  }
  return ratio(num, den);
};

export type TMinesAction =
  | { stake: bigint; mines: number }
  | { type: 'reveal'; tile: number }
  | { type: 'cashout' };
export type TMinesState = { stake: bigint; mines: number; mineTiles: number[]; revealed: number[] };
export type TMinesOutcome = {
  mines: number;
  revealed: number[];
  hitMine: number | null;
  multiplier: TRatio;
  /** Shown only when the round is over. */
  mineTiles: number[] | null;
};

const view = (state: TMinesState, hitMine: number | null, over: boolean): TMinesOutcome => ({
  mines: state.mines,
  revealed: state.revealed,
  hitMine,
  multiplier: minesMultiplier(state.mines, state.revealed.length),
  mineTiles: over ? state.mineTiles : null,
});

const cashout = (state: TMinesState) => {
  const multiplier = minesMultiplier(state.mines, state.revealed.length);
  return finishedStep(
    state,
    view(state, null, true),
    0n,
    state.stake,
    applyMultiplier(state.stake, multiplier),
  );
};

export const minesRules = (): TGameRules => ({
  summary: 'Reveal safe tiles on a 5×5 grid and cash out before you hit a mine.',
  rules: [
    'Choose 1–24 mines and a stake. Reveal tiles one at a time; a mine loses the stake.',
    'After k safe tiles the cash-out multiplier is 0.99 × C(25, k) / C(25 − mines, k).',
    'Cash out after at least one safe tile; revealing every safe tile cashes out by itself. Wins are rounded down to the cent.',
  ],
  mapping: [
    'Tiles are numbered 0–24 row by row. Partial Fisher–Yates: list = [0…24]; for i = 0 … mines − 1: j = i + floor(floatᵢ × (25 − i)), swap list[i] and list[j]; the mines are list[0 … mines − 1].',
  ],
  paytable: [1, 3, 5, 10, 24].map((m) => ({
    label: `${m} mine${m > 1 ? 's' : ''}, first safe tile`,
    value: `${toDecimal(minesMultiplier(m, 1))}×`,
  })),
  rtp: MINES_RTP,
  rtpText: rtpText(MINES_RTP),
});

export const minesEngine: TGameEngine<TMinesState, TMinesAction, TMinesOutcome> = {
  id: 'mines',
  kind: 'fast',
  name: 'Mines',
  rules: minesRules,
  step(state, action, floats) {
    if (state === null) {
      rule('stake' in action, 'invalid_action', 'a mines round opens with a bet');
      const stake = assertStake(action.stake);
      rule(
        Number.isInteger(action.mines) && action.mines >= 1 && action.mines <= 24,
        'invalid_mines',
        'choose 1–24 mines',
        'mines',
      );
      const opened: TMinesState = {
        stake,
        mines: action.mines,
        mineTiles: placeMines(action.mines, floats),
        revealed: [],
      };
      return openStep(opened, view(opened, null, false), stake, stake);
    }
    rule('type' in action, 'invalid_action', 'reveal a tile or cash out');
    if (action.type === 'cashout') {
      rule(state.revealed.length > 0, 'nothing_to_cash_out', 'reveal a tile first');
      return cashout(state);
    }
    const { tile } = action;
    rule(Number.isInteger(tile) && tile >= 0 && tile < MINES_TILES, 'invalid_tile', 'tiles are 0–24', 'tile');
    rule(!state.revealed.includes(tile), 'invalid_tile', 'tile already revealed', 'tile');
    if (state.mineTiles.includes(tile)) {
      const lost = { ...state, revealed: [...state.revealed, tile] };
      return finishedStep(lost, view(lost, tile, true), 0n, state.stake, 0n);
    }
    const next = { ...state, revealed: [...state.revealed, tile] };
    if (next.revealed.length === MINES_TILES - state.mines) return cashout(next);
    return openStep(next, view(next, null, false), 0n, state.stake);
  },
};
