/** Time, randomness and ids come through these, so tests can make them deterministic. */
import { createHash, randomBytes, randomUUID } from 'node:crypto';

export interface TClock {
  now(): Date;
}
export interface TRandom {
  bytes(size: number): Buffer;
  uuid(): string;
  /** An integer in [0, max). */
  int(max: number): number;
}

export const systemClock: TClock = { now: () => new Date() };

export const cryptoRandom: TRandom = {
  bytes: (size) => randomBytes(size),
  uuid: () => randomUUID(),
  int: (max) => {
    const limit = Math.floor(0x1_0000_0000 / max) * max;
    for (;;) {
      const n = randomBytes(4).readUInt32BE(0);
      if (n < limit) return n % max;
    }
  },
};

/** A clock that stands still until moved: `clock.advance(ms)`. */
export const fixedClock = (start = new Date('2026-01-01T00:00:00Z')) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
    set: (date: Date) => {
      current = date.getTime();
    },
  };
};

/** A deterministic random source from a seed (SHA-256 counter mode). */
export const seededRandom = (seed: string): TRandom => {
  let counter = 0;
  const bytes = (size: number) => {
    const chunks: Buffer[] = [];
    let length = 0;
    while (length < size) {
      const chunk = createHash('sha256').update(`${seed}:${counter++}`).digest();
      chunks.push(chunk);
      length += chunk.length;
    }
    return Buffer.concat(chunks).subarray(0, size);
  };
  return {
    bytes,
    uuid: () => {
      const b = bytes(16);
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
      const h = b.toString('hex');
      return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
    },
    int: (max) => bytes(4).readUInt32BE(0) % max,
  };
};

export interface TProviders {
  clock: TClock;
  random: TRandom;
}

export const defaultProviders = (): TProviders => ({ clock: systemClock, random: cryptoRandom });
