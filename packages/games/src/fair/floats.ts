/**
 * The published float derivation, free of any platform API so the browser verify page can run it on WebCrypto.
 *
 * For block = 0, 1, 2 …: digest = HMAC-SHA256(key = server seed as text, message = `{client_seed}:{nonce}:{block}`).
 * The 32 bytes of a digest give 8 floats in order; bytes b0..b3 give b0/256 + b1/256² + b2/256³ + b3/256⁴,
 * i.e. the big-endian 32-bit integer u divided by 2³² — exact in a double, in [0, 1).
 */

export const FLOATS_PER_BLOCK = 8;
const TWO_POW_32 = 2 ** 32;

/** The HMAC message of one block. */
export const blockMessage = (clientSeed: string, nonce: number, block: number): string =>
  `${clientSeed}:${nonce}:${block}`;

/** The 8 floats of one 32-byte digest, in order. */
export const digestToFloats = (digest: Uint8Array): number[] => {
  if (digest.length !== 32) throw new RangeError('an HMAC-SHA256 digest has 32 bytes');
  const floats: number[] = [];
  for (let i = 0; i < 32; i += 4) floats.push(bytesToUint32(digest, i) / TWO_POW_32);
  return floats;
};

/** The integer behind a float: b0·2²⁴ + b1·2¹⁶ + b2·2⁸ + b3 (so float = u / 2³²). */
export const bytesToUint32 = (bytes: Uint8Array, offset: number): number =>
  bytes[offset]! * 0x1000000 + bytes[offset + 1]! * 0x10000 + bytes[offset + 2]! * 0x100 + bytes[offset + 3]!;

/** Exact `floor(float × n)` for any integer n ≤ 2²¹ (the product of a 32-bit fraction and n fits a double). */
export const floatToInt = (float: number, n: number): number => {
  if (!Number.isInteger(n) || n <= 0 || n > 2 ** 21) throw new RangeError(`bad range ${n}`);
  return Math.floor(float * n);
};

/** An HMAC-SHA256 of text key and text message; sync on the server, async where only WebCrypto exists. */
export type THmacSha256 = (key: string, message: string) => Uint8Array;
export type THmacSha256Async = (key: string, message: string) => Promise<Uint8Array>;

/** The first `count` floats of a round, computed with any HMAC implementation (e.g. WebCrypto in the browser). */
export const deriveFloatsAsync = async (
  hmac: THmacSha256Async,
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  count: number,
): Promise<number[]> => {
  const floats: number[] = [];
  for (let block = 0; floats.length < count; block++) {
    floats.push(...digestToFloats(await hmac(serverSeed, blockMessage(clientSeed, nonce, block))));
  }
  return floats.slice(0, count);
};
