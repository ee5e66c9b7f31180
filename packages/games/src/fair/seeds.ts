/** Server seed, its public commitment and the client seed: the provably fair pair a player's rounds run under. */
import { createHash } from 'node:crypto';

const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/** A server seed is 32 random bytes as 64 lower-case hex characters. */
export const isServerSeed = (seed: string): boolean => SERVER_SEED.test(seed);

/** A client seed: 1–64 printable ASCII characters without spaces (it is part of the HMAC message). */
export const isClientSeed = (seed: string): boolean => CLIENT_SEED.test(seed);

/** Makes a server seed from 32 bytes the caller drew from its random provider (this package draws nothing). */
export const serverSeedFromBytes = (bytes: Uint8Array): string => {
  if (bytes.length !== 32) throw new RangeError('a server seed is 32 bytes');
  return Buffer.from(bytes).toString('hex');
};

/** The commitment shown before play: SHA-256 of the server seed text, in hex. It reveals no outcome. */
export const hashServerSeed = (serverSeed: string): string => {
  if (!isServerSeed(serverSeed)) throw new RangeError('a server seed is 64 hex characters');
  return createHash('sha256').update(serverSeed).digest('hex');
};

/** True when a revealed server seed matches the commitment the player saw before play. */
export const verifyServerSeed = (serverSeed: string, commitment: string): boolean =>
  isServerSeed(serverSeed) && hashServerSeed(serverSeed) === commitment.toLowerCase();
