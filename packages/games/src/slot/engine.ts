/** The one reel engine every slot runs on: stops from floats, paylines with wilds, scatters, free spins. */
import { finishedStep, type TStep } from '../core/engine.ts';
import { assertStake, GameRuleError, rule } from '../core/errors.ts';
import { add, applyMultiplier, mul, ratio, type TRatio, ZERO } from '../core/ratio.ts';
import type { TFloats } from '../fair/stream.ts';
import type { TSlotDefinition } from './types.ts';

export type TLineWin = { line: number; symbol: string; count: number; pay: number };
export type TSpin = {
  stops: number[];
  /** window[reel][row] */
  window: string[][];
  lineWins: TLineWin[];
  scatters: number;
  /** Scatter pay in multiples of the total bet. */
  scatterPay: number;
  freeSpinsAwarded: number;
  /** The spin's win in multiples of the total bet (before any free-spin multiplier). */
  multiplier: TRatio;
};

/** stop = floor(float × reel length), reel by reel. */
export const reelStops = (reels: string[][], floats: TFloats, offset: number): number[] =>
  reels.map((strip, i) => Math.floor(floats.at(offset + i) * strip.length));

export const windowAt = (reels: string[][], rows: number, stops: number[]): string[][] =>
  reels.map((strip, i) => Array.from({ length: rows }, (_, row) => strip[(stops[i]! + row) % strip.length]!));

const kindCache = new WeakMap<TSlotDefinition, (id: string) => string>();
const kindOf = (slot: TSlotDefinition) => {
  let lookup = kindCache.get(slot);
  if (!lookup) {
    const kinds = new Map<string, string>(slot.symbols.map((s) => [s.id, s.kind]));
    lookup = (id: string) => kinds.get(id) ?? 'regular';
    kindCache.set(slot, lookup);
  }
  return lookup;
};

/**
 * A line pays its best left-to-right run: wilds substitute for any regular symbol (never for scatters); a run of
 * wilds alone pays the wild's own line if that is worth more.
 */
export const evaluateLine = (
  slot: TSlotDefinition,
  symbols: readonly string[],
): { symbol: string; count: number; pay: number } | null => {
  const kind = kindOf(slot);
  let wildRun = 0;
  while (wildRun < symbols.length && kind(symbols[wildRun]!) === 'wild') wildRun++;
  const wild = wildRun > 0 ? symbols[0]! : null;
  const target = symbols[wildRun];
  let best: { symbol: string; count: number; pay: number } | null = null;
  if (wild !== null) {
    const pay = slot.paytable[wild]?.[wildRun] ?? 0;
    if (pay > 0) best = { symbol: wild, count: wildRun, pay };
  }
  if (target !== undefined && kind(target) === 'regular') {
    let count = wildRun;
    while (count < symbols.length && (symbols[count] === target || kind(symbols[count]!) === 'wild')) count++;
    const pay = slot.paytable[target]?.[count] ?? 0;
    if (pay > 0 && (best === null || pay > best.pay)) best = { symbol: target, count, pay };
  }
  return best;
};

/** One spin on the given strips, reading one float per reel from `offset`. */
export const spinReels = (
  slot: TSlotDefinition,
  reels: string[][],
  floats: TFloats,
  offset: number,
): TSpin => {
  const stops = reelStops(reels, floats, offset);
  const window = windowAt(reels, slot.rows, stops);
  const lineWins: TLineWin[] = [];
  slot.paylines.forEach((rows, line) => {
    const win = evaluateLine(
      slot,
      rows.map((row, reel) => window[reel]![row]!),
    );
    if (win) lineWins.push({ line, ...win });
  });
  const kind = kindOf(slot);
  const scatters = window.flat().filter((id) => kind(id) === 'scatter').length;
  const scatterPay = slot.scatterPays[scatters] ?? 0;
  const linePays = lineWins.reduce((sum, w) => sum + w.pay, 0);
  return {
    stops,
    window,
    lineWins,
    scatters,
    scatterPay,
    freeSpinsAwarded: slot.freeSpins.awards[scatters] ?? 0,
    multiplier: ratio(BigInt(linePays + scatterPay * slot.paylines.length), BigInt(slot.paylines.length)),
  };
};

export type TSlotAction = { stake: bigint } | { type: 'freespins'; stake: bigint; count: number };
export type TSlotOutcome = {
  spin: TSpin | null;
  freeSpins: TSpin[];
  freeSpinMultiplier: number;
  /** Total win in multiples of the stake (free spins included). */
  multiplier: TRatio;
};
export type TSlotState = { stake: bigint; freeSpinsPack: number | null };

/** Plays `count` free spins, spin k reading floats from offset + k × reels; returns them and their total. */
const playFreeSpins = (slot: TSlotDefinition, count: number, floats: TFloats, offset: number) => {
  const spins: TSpin[] = [];
  let total = ZERO;
  for (let k = 0; k < count; k++) {
    const spin = spinReels(slot, slot.freeSpinReels, floats, offset + k * slot.freeSpinReels.length);
    spins.push(spin);
    total = add(total, spin.multiplier);
  }
  return { spins, total: mul(total, ratio(BigInt(slot.freeSpins.multiplier))) };
};

export const MAX_FREESPINS_PACK = 500;

/**
 * A round: a paid spin (plus the free spins it triggers, played at once), or a freespins pack: `count` free spins
 * at `stake` each, granted by a bonus (nothing is debited).
 */
export const playSlot = (
  slot: TSlotDefinition,
  action: TSlotAction,
  floats: TFloats,
): TStep<TSlotState, TSlotOutcome> => {
  const stake = assertStake(action.stake);
  const reels = slot.reels.length;
  if ('type' in action) {
    rule(action.type === 'freespins', 'invalid_action', 'spin or play a freespins pack');
    rule(
      Number.isInteger(action.count) && action.count >= 1 && action.count <= MAX_FREESPINS_PACK,
      'invalid_count',
      `a pack has 1–${MAX_FREESPINS_PACK} free spins`,
      'count',
    );
    const free = playFreeSpins(slot, action.count, floats, 0);
    const outcome = {
      spin: null,
      freeSpins: free.spins,
      freeSpinMultiplier: slot.freeSpins.multiplier,
      multiplier: free.total,
    };
    return finishedStep(
      { stake, freeSpinsPack: action.count },
      outcome,
      0n,
      0n,
      applyMultiplier(stake, free.total),
    );
  }
  const spin = spinReels(slot, slot.reels, floats, 0);
  const free = playFreeSpins(slot, spin.freeSpinsAwarded, floats, reels);
  const multiplier = add(spin.multiplier, free.total);
  const outcome = { spin, freeSpins: free.spins, freeSpinMultiplier: slot.freeSpins.multiplier, multiplier };
  return finishedStep(
    { stake, freeSpinsPack: null },
    outcome,
    stake,
    stake,
    applyMultiplier(stake, multiplier),
  );
};

/** Checks a definition is playable: strips use known symbols, lines fit, one wild and one scatter at most. */
export const validateSlot = (slot: TSlotDefinition): void => {
  const ids = new Set(slot.symbols.map((s) => s.id));
  const fail = (why: string) => {
    throw new GameRuleError('invalid_slot', `${slot.id}: ${why}`);
  };
  if (slot.freeSpinReels.length !== slot.reels.length) fail('free-spin reels differ in number');
  for (const strip of [...slot.reels, ...slot.freeSpinReels]) {
    if (strip.length < slot.rows) fail('a strip is shorter than the window');
    for (const id of strip) if (!ids.has(id)) fail(`unknown symbol ${id}`);
  }
  for (const line of slot.paylines) {
    if (line.length !== slot.reels.length || line.some((row) => row < 0 || row >= slot.rows))
      fail('bad payline');
  }
  if (slot.symbols.filter((s) => s.kind === 'wild').length > 1) fail('more than one wild');
  if (slot.symbols.filter((s) => s.kind === 'scatter').length > 1) fail('more than one scatter');
};
