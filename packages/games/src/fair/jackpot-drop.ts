/**
 * A jackpot tier's drop point, committed before its cycle: the pool drops at
 * seed + floor(u × (must_drop_by − seed)) minor units, u = the first 4 bytes of HMAC-SHA256(key = server seed text,
 * message = tier id) as a big-endian integer ÷ 2³². Exact in bigint; the same on the server and in the browser.
 */
import { bytesToUint32 } from './floats.ts';

export const jackpotDropMessage = (tierId: number) => String(tierId);

/** The drop point from the HMAC digest of the cycle (any HMAC implementation: node's or WebCrypto's). */
export const jackpotDropAt = (digest: Uint8Array, seed: bigint, mustDropBy: bigint): bigint => {
  if (mustDropBy <= seed) throw new RangeError('must_drop_by must exceed the seed');
  const u = BigInt(bytesToUint32(digest, 0));
  return seed + ((mustDropBy - seed) * u) / 2n ** 32n;
};
