/** Fisher–Yates from the round's floats, shared by cards, mines and keno. */
import type { TFloats } from '../fair/stream.ts';

/**
 * Picks `count` distinct items of 0…n−1: list = [0…n−1]; for i = 0 … count − 1:
 * j = i + floor(float(offset + i) × (n − i)); swap list[i], list[j]; returns list[0 … count − 1] in draw order.
 * With count = n − 1 this is a full Fisher–Yates shuffle (the last item is what is left).
 */
export const partialShuffle = (n: number, count: number, floats: TFloats, offset: number): number[] => {
  const list = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(floats.at(offset + i) * (n - i));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list.slice(0, count);
};

/** A full shuffle of 0…n−1, reading n − 1 floats from `offset`. */
export const shuffle = (n: number, floats: TFloats, offset: number): number[] => {
  const list = Array.from({ length: n }, (_, i) => i);
  for (let i = 0; i < n - 1; i++) {
    const j = i + Math.floor(floats.at(offset + i) * (n - i));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
};
