/**
 * The exact RTP of a slot, in bigint arithmetic over every reel stop. Each reel's stop is uniform and independent,
 * so on any payline reel i shows each symbol with probability (its count on the strip) / (strip length): summing
 * the line pay over every combination of symbols weighted by their counts equals summing it over all
 * Π lengths stop combinations. Scatter counts are tallied stop by stop per reel and convolved.
 */
import { add, mul, ratio, sum, type TRatio } from '../core/ratio.ts';
import { evaluateLine } from './engine.ts';
import type { TSlotDefinition } from './types.ts';

const symbolCounts = (strip: string[]) => {
  const counts = new Map<string, bigint>();
  for (const id of strip) counts.set(id, (counts.get(id) ?? 0n) + 1n);
  return [...counts.entries()];
};

/** Expected pay of one payline, in line bets (= expected total line win in total bets). */
export const expectedLinePay = (slot: TSlotDefinition, reels: string[][]): TRatio => {
  const perReel = reels.map(symbolCounts);
  let total = 0n;
  const symbols: string[] = [];
  const walk = (reel: number, weight: bigint) => {
    if (reel === reels.length) {
      const win = evaluateLine(slot, symbols);
      if (win) total += weight * BigInt(win.pay);
      return;
    }
    for (const [id, count] of perReel[reel]!) {
      symbols.push(id);
      walk(reel + 1, weight * count);
      symbols.pop();
    }
  };
  walk(0, 1n);
  return ratio(
    total,
    reels.reduce((d, strip) => d * BigInt(strip.length), 1n),
  );
};

/** P(exactly k scatters visible), k = 0 … reels × rows, from every stop of every reel. */
export const scatterDistribution = (slot: TSlotDefinition, reels: string[][]): TRatio[] => {
  const scatter = new Set(slot.symbols.filter((s) => s.kind === 'scatter').map((s) => s.id));
  let dist: bigint[] = [1n];
  let den = 1n;
  for (const strip of reels) {
    const perStop: bigint[] = Array(slot.rows + 1).fill(0n);
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < slot.rows; row++) if (scatter.has(strip[(stop + row) % strip.length]!)) k++;
      perStop[k]! += 1n;
    }
    const next: bigint[] = Array(dist.length + slot.rows).fill(0n);
    dist.forEach((a, i) => {
      perStop.forEach((b, k) => {
        next[i + k]! += a * b;
      });
    });
    dist = next;
    den *= BigInt(strip.length);
  }
  return dist.map((count) => ratio(count, den));
};

export type TSlotRtp = {
  rtp: TRatio;
  baseLines: TRatio;
  baseScatter: TRatio;
  freeSpins: TRatio;
  triggerProbability: TRatio;
  /** Expected value of one free spin in total bets, multiplier included (the value of a freespins pack spin). */
  freeSpinValue: TRatio;
};

const scatterEv = (slot: TSlotDefinition, dist: TRatio[]) =>
  sum(dist.map((p, k) => mul(p, ratio(BigInt(slot.scatterPays[k] ?? 0)))));

export const slotRtp = (slot: TSlotDefinition): TSlotRtp => {
  const baseLines = expectedLinePay(slot, slot.reels);
  const baseDist = scatterDistribution(slot, slot.reels);
  const baseScatter = scatterEv(slot, baseDist);
  const freeDist = scatterDistribution(slot, slot.freeSpinReels);
  const freeSpinValue = mul(
    add(expectedLinePay(slot, slot.freeSpinReels), scatterEv(slot, freeDist)),
    ratio(BigInt(slot.freeSpins.multiplier)),
  );
  const expectedSpins = sum(baseDist.map((p, k) => mul(p, ratio(BigInt(slot.freeSpins.awards[k] ?? 0)))));
  const triggerProbability = sum(baseDist.filter((_, k) => (slot.freeSpins.awards[k] ?? 0) > 0));
  const freeSpins = mul(expectedSpins, freeSpinValue);
  return {
    rtp: add(add(baseLines, baseScatter), freeSpins),
    baseLines,
    baseScatter,
    freeSpins,
    triggerProbability,
    freeSpinValue,
  };
};
