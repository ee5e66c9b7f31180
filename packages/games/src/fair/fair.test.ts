import { describe, expect, it } from 'vitest';
import { roulettePocket } from '../casino/roulette.ts';
import { diceRoll } from '../fast/dice.ts';
import { blockMessage, bytesToUint32, deriveFloatsAsync, digestToFloats } from './floats.ts';
import {
  hashServerSeed,
  isClientSeed,
  isServerSeed,
  serverSeedFromBytes,
  verifyServerSeed,
} from './seeds.ts';
import { floatsFromArray, hmacSha256Node, RoundFloats } from './stream.ts';

// Computed outside this code base, in a shell:
//   printf '%s' 'lucky-clover:0:0' | openssl dgst -sha256 -hmac "$SEED"
//   printf '%s' 'lucky-clover:7:1' | openssl dgst -sha256 -hmac "$SEED"
//   printf '%s' "$SEED" | sha256sum
// and the floats with Python: d[i]/256 + d[i+1]/256**2 + d[i+2]/256**3 + d[i+3]/256**4.
const SEED = '3f6c1e0b9d5a47e2c8b1f03a6d9e2c7b5a4f18e6d2c0b9a7e3f5d1c8b6a4e2f0';
const DIGEST_0_0 = '44f12929f21bd37b74a8bae0f30d30efddc5c504a4544c0d57e6a64e34163b28';
const DIGEST_7_1 = '60d248167115e63e86fe1ec3b45a4cfda168ec6f95ea4b76cfd3cfc5ba3de0c1';
const SEED_SHA256 = 'a6460d7800c0c2cca6b3deb6f1c0ba4e0940c6dba3f26f9a6f57cc9e7463a00b';
const FLOATS_0_0 = [
  0.2693048215005547, 0.9457370925229043, 0.4556996151804924, 0.9494200309272856, 0.8662989744916558,
  0.6419112712610513, 0.3433631840161979, 0.2034642193466425,
];
const FLOATS_7_1 = [
  0.378208642359823, 0.44174040807411075, 0.5273150659631938, 0.7045028798747808, 0.6305072566028684,
  0.5856063044629991, 0.8118257385212928, 0.7275066825095564,
];

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('provably fair floats', () => {
  it('uses HMAC-SHA256 keyed by the server seed text over client_seed:nonce:block (openssl vector)', () => {
    expect(blockMessage('lucky-clover', 0, 0)).toBe('lucky-clover:0:0');
    expect(hex(hmacSha256Node(SEED, 'lucky-clover:0:0'))).toBe(DIGEST_0_0);
    expect(hex(hmacSha256Node(SEED, 'lucky-clover:7:1'))).toBe(DIGEST_7_1);
  });

  it('turns each 4 bytes into b0/256 + b1/256² + b2/256³ + b3/256⁴ (Python vector)', () => {
    expect(digestToFloats(Buffer.from(DIGEST_0_0, 'hex'))).toEqual(FLOATS_0_0);
    expect(bytesToUint32(new Uint8Array([0xff, 0xff, 0xff, 0xff]), 0)).toBe(2 ** 32 - 1);
  });

  it('streams block after block: floats 8–15 of nonce 7 are block 1', () => {
    const floats = new RoundFloats(SEED, 'lucky-clover', 7);
    expect(Array.from({ length: 8 }, (_, i) => floats.at(8 + i))).toEqual(FLOATS_7_1);
    expect(new RoundFloats(SEED, 'lucky-clover', 0).first(8)).toEqual(FLOATS_0_0);
  });

  it('maps the first float to dice and roulette as published', () => {
    // floor(0.2693048215005547 × 10001) = 2693 → 26.93; floor(0.2693… × 37) = 9
    expect(diceRoll(FLOATS_0_0[0]!)).toBe(2693);
    expect(roulettePocket(FLOATS_0_0[0]!)).toBe(9);
  });

  it('derives the same floats through an async (WebCrypto-style) HMAC', async () => {
    const floats = await deriveFloatsAsync(async (k, m) => hmacSha256Node(k, m), SEED, 'lucky-clover', 7, 16);
    expect(floats.slice(8)).toEqual(FLOATS_7_1);
  });

  it('runs on WebCrypto too (as the browser verify page will)', async () => {
    const webHmac = async (key: string, message: string) => {
      const enc = new TextEncoder();
      const k = await crypto.subtle.importKey(
        'raw',
        enc.encode(key),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign'],
      );
      return new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(message)));
    };
    expect(await deriveFloatsAsync(webHmac, SEED, 'lucky-clover', 0, 8)).toEqual(FLOATS_0_0);
  });

  it('commits to the server seed with its SHA-256 and verifies the reveal', () => {
    expect(hashServerSeed(SEED)).toBe(SEED_SHA256);
    expect(verifyServerSeed(SEED, SEED_SHA256)).toBe(true);
    expect(verifyServerSeed(SEED.replace('3f', '3e'), SEED_SHA256)).toBe(false);
    expect(() => hashServerSeed('not-a-seed')).toThrow(RangeError);
  });

  it('validates seeds and builds a server seed from 32 bytes', () => {
    expect(serverSeedFromBytes(new Uint8Array(32).fill(171))).toBe('ab'.repeat(32));
    expect(() => serverSeedFromBytes(new Uint8Array(31))).toThrow(RangeError);
    expect(isServerSeed(SEED)).toBe(true);
    expect(isServerSeed(SEED.toUpperCase())).toBe(false);
    expect(isClientSeed('lucky-clover')).toBe(true);
    expect(isClientSeed('has space')).toBe(false);
    expect(isClientSeed('')).toBe(false);
  });

  it('rejects bad indices, nonces and fixed floats out of range', () => {
    expect(() => new RoundFloats(SEED, 'c', -1)).toThrow(RangeError);
    expect(() => new RoundFloats(SEED, 'c', 0).at(-1)).toThrow(RangeError);
    expect(() => floatsFromArray([0.5]).at(1)).toThrow(RangeError);
    expect(() => floatsFromArray([1]).at(0)).toThrow(RangeError);
  });
});
