/** Password hashing with argon2id; a verify against a dummy hash when there is no account keeps timing flat. */
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id: the package declares a const enum, which erasable-only TypeScript cannot import.
const ARGON2ID = 2;

export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID });

let dummyHash: Promise<string> | undefined;
const dummy = () => {
  dummyHash ??= hashPassword('not-a-password-of-anyone');
  return dummyHash;
};

/** True when the password matches; with no stored hash it still spends the time of one verification. */
export const verifyPassword = async (storedHash: string | null | undefined, password: string) => {
  if (!storedHash) {
    await verify(await dummy(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
};
