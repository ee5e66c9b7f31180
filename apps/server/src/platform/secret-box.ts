/**
 * Small secrets at rest (TOTP keys), sealed with AES-256-GCM: `enc1:<key id>:<base64url of iv|tag|ciphertext>`.
 * New seals use the current key; a seal by any listed old key still opens (key rotation); a value without the
 * prefix is a clear-text secret stored before encryption and opens as itself until it is sealed again.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TConfig, TEncryptionKey } from './config.ts';

const PREFIX = 'enc1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface TSecretBox {
  seal(plain: string): string;
  open(stored: string): string;
  /** Sealed with the current key: nothing to do when the keys rotate. */
  isCurrent(stored: string): boolean;
  /** `LIKE` pattern of values sealed with the current key, for a sweep of the others. */
  currentPattern: string;
}

export const createSecretBox = (
  current: TEncryptionKey,
  old: TEncryptionKey[],
  /** Bound to each seal, so a value sealed for one purpose never opens as another. */
  purpose: string,
): TSecretBox => {
  const keys = new Map([...old, current].map((k) => [k.id, k.key]));
  const aad = Buffer.from(purpose);
  const currentPrefix = `${PREFIX}:${current.id}:`;
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, iv).setAAD(aad);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${currentPrefix}${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open(stored) {
      if (!stored.startsWith(`${PREFIX}:`)) return stored;
      const [, keyId = '', payload = ''] = stored.split(':');
      const key = keys.get(keyId);
      if (!key) throw new Error(`secret sealed with an unknown key: ${keyId}`);
      const raw = Buffer.from(payload, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES)).setAAD(aad);
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
    isCurrent: (stored) => stored.startsWith(currentPrefix),
    currentPattern: `${currentPrefix}%`,
  };
};

/** The box of players' and operators' TOTP secrets, keyed by TOTP_ENCRYPTION_KEY (and its old keys). */
export const totpSecretBox = (config: Pick<TConfig, 'TOTP_ENCRYPTION_KEY' | 'TOTP_ENCRYPTION_OLD_KEYS'>) =>
  createSecretBox(config.TOTP_ENCRYPTION_KEY, config.TOTP_ENCRYPTION_OLD_KEYS, 'totp');
