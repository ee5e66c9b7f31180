/**
 * An authenticator app for the tests, written from RFC 6238 (TOTP) and RFC 4226 (HOTP) with node:crypto alone:
 * independent of the `otpauth` package the product uses, so a test that signs in with its code checks the product
 * against the RFCs, not against itself. The server tests and the browser journeys (e2e) both import it.
 */
import { createHmac } from 'node:crypto';

export type TTotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 to bytes; `=` padding, spaces and letter case are ignored, any other character throws. */
export const base32Decode = (text: string): Buffer => {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32_ALPHABET.indexOf(char);
    if (index === -1) throw new Error(`not a base32 character: ${JSON.stringify(char)}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((value >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
};

/** RFC 4226 §5.3: HMAC over the 8-byte big-endian counter, dynamic truncation, the last `digits` digits. */
export const hotp = (
  key: Buffer,
  counter: number,
  digits = 6,
  algorithm: TTotpAlgorithm = 'sha1',
): string => {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const hmac = createHmac(algorithm, key).update(message).digest();
  const offset = (hmac.at(-1) ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
};

export interface TTotpOptions {
  digits?: number;
  periodSeconds?: number;
  algorithm?: TTotpAlgorithm;
}

/** RFC 6238 §4: the HOTP of the number of whole periods since the Unix epoch, for a raw key. */
export const totpOfKey = (key: Buffer, at: Date, options: TTotpOptions = {}): string => {
  const { digits = 6, periodSeconds = 30, algorithm = 'sha1' } = options;
  const counter = Math.floor(Math.floor(at.getTime() / 1000) / periodSeconds);
  return hotp(key, counter, digits, algorithm);
};

/** The 6-digit code an authenticator app shows for a base32 secret at a moment (SHA-1, 30 s), as the product's. */
export const totpAt = (secret: string, at: Date = new Date()): string => totpOfKey(base32Decode(secret), at);
