/** Random access to a round's floats: engines read float i by index, so a round can be resumed or replayed. */
import { createHmac } from 'node:crypto';
import { blockMessage, digestToFloats, FLOATS_PER_BLOCK, type THmacSha256 } from './floats.ts';

export interface TFloats {
  /** Float number `index` (0-based) of the round, in [0, 1). */
  at(index: number): number;
}

/** Node's HMAC-SHA256 (the server's implementation of the published scheme). */
export const hmacSha256Node: THmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

/** The floats of one round (server seed, client seed, nonce), computed block by block on demand and cached. */
export class RoundFloats implements TFloats {
  readonly #blocks = new Map<number, number[]>();
  readonly serverSeed: string;
  readonly clientSeed: string;
  readonly nonce: number;
  readonly #hmac: THmacSha256;

  constructor(serverSeed: string, clientSeed: string, nonce: number, hmac: THmacSha256 = hmacSha256Node) {
    if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be an integer ≥ 0');
    this.serverSeed = serverSeed;
    this.clientSeed = clientSeed;
    this.nonce = nonce;
    this.#hmac = hmac;
  }

  at(index: number): number {
    if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`bad float index ${index}`);
    const block = Math.floor(index / FLOATS_PER_BLOCK);
    let floats = this.#blocks.get(block);
    if (!floats) {
      floats = digestToFloats(this.#hmac(this.serverSeed, blockMessage(this.clientSeed, this.nonce, block)));
      this.#blocks.set(block, floats);
    }
    return floats[index % FLOATS_PER_BLOCK]!;
  }

  /** The first `count` floats, for display on a verify page. */
  first(count: number): number[] {
    return Array.from({ length: count }, (_, i) => this.at(i));
  }
}

/** Fixed floats (tests, or a verifier that already has them); reading past the end is an error. */
export const floatsFromArray = (values: readonly number[]): TFloats => ({
  at(index) {
    const value = values[index];
    if (value === undefined) throw new RangeError(`float ${index} not provided`);
    if (!(value >= 0 && value < 1)) throw new RangeError(`float ${index} out of [0, 1)`);
    return value;
  },
});
