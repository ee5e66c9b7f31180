/** The tests' own authenticator against the published test vectors of RFC 4648, RFC 4226 and RFC 6238. */
import { describe, expect, it } from 'vitest';
import { base32Decode, hotp, totpAt, totpOfKey } from './rfc6238-totp.ts';

const ascii = (text: string) => Buffer.from(text, 'ascii');

describe('the RFC 6238 test authenticator', () => {
  it('decodes base32 as RFC 4648 §10 encodes it', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['MY======', 'f'],
      ['MZXQ====', 'fo'],
      ['MZXW6===', 'foo'],
      ['MZXW6YQ=', 'foob'],
      ['MZXW6YTB', 'fooba'],
      ['MZXW6YTBOI======', 'foobar'],
    ];
    for (const [encoded, text] of vectors) expect(base32Decode(encoded).toString('ascii')).toBe(text);
    expect(base32Decode('mzxw 6ytb oi').toString('ascii')).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow(/base32/);
  });

  it('computes the HOTP values of RFC 4226 appendix D', () => {
    const key = ascii('12345678901234567890');
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(key, counter))).toEqual(expected);
  });

  it('computes the 8-digit TOTP values of RFC 6238 appendix B, for SHA-1, SHA-256 and SHA-512', () => {
    const seeds = {
      sha1: ascii('12345678901234567890'),
      sha256: ascii('12345678901234567890123456789012'),
      sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
    };
    const table: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
      [59, '94287082', '46119246', '90693936'],
      [1111111109, '07081804', '68084774', '25091201'],
      [1111111111, '14050471', '67062674', '99943326'],
      [1234567890, '89005924', '91819424', '93441116'],
      [2000000000, '69279037', '90698825', '38618901'],
      [20000000000, '65353130', '77737706', '47863826'],
    ];
    for (const [seconds, sha1, sha256, sha512] of table) {
      const at = new Date(seconds * 1000);
      expect(totpOfKey(seeds.sha1, at, { digits: 8, algorithm: 'sha1' }), `${seconds} SHA-1`).toBe(sha1);
      expect(totpOfKey(seeds.sha256, at, { digits: 8, algorithm: 'sha256' }), `${seconds} SHA-256`).toBe(
        sha256,
      );
      expect(totpOfKey(seeds.sha512, at, { digits: 8, algorithm: 'sha512' }), `${seconds} SHA-512`).toBe(
        sha512,
      );
    }
  });

  it('answers the 6-digit code of a base32 secret: the SHA-1 seed of appendix B, last six digits', () => {
    // base32 of "12345678901234567890"
    const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
    expect(totpAt(secret, new Date(59_000))).toBe('287082');
    expect(totpAt(secret, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpAt(secret, new Date(20_000_000_000_000))).toBe('353130');
  });
});
