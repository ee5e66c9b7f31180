import { describe, expect, it } from 'vitest';
import { totpAt } from '../test/rfc6238-totp.ts';
import { seededRandom } from './providers.ts';
import {
  matchTotp,
  newTotpSecret,
  secondsUntilNextCode,
  totpCode,
  totpQrCode,
  totpStep,
  totpUri,
} from './totp.ts';

// RFC 6238 appendix B: SHA-1 key "12345678901234567890"; the 8-digit values there, last 6 digits here.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
const RFC_VECTORS: [number, string][] = [
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
  [20000000000, '353130'],
];

describe('totp', () => {
  it('matches the RFC 6238 test vectors', () => {
    for (const [seconds, code] of RFC_VECTORS)
      expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });

  it('agrees with the RFC 6238 test authenticator on a new secret at several moments', () => {
    const secret = newTotpSecret(seededRandom('totp-test'));
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    for (const iso of ['2026-11-21T12:00:00Z', '2030-01-01T00:00:29Z', '2001-09-09T01:46:40Z']) {
      const at = new Date(iso);
      const code = totpAt(secret, at);
      expect(code).toMatch(/^\d{6}$/);
      expect(totpCode(secret, at)).toBe(code);
      expect(matchTotp(secret, code, at)).toBe(totpStep(at));
    }
  });

  it('accepts one step either side and nothing further', () => {
    const secret = newTotpSecret(seededRandom('window'));
    const at = new Date('2026-11-21T12:00:00Z');
    const step = totpStep(at);
    expect(matchTotp(secret, totpAt(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, new Date(at.getTime() - 60_000)), at)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, new Date(at.getTime() + 60_000)), at)).toBeNull();
  });

  it('refuses malformed codes', () => {
    const secret = newTotpSecret(seededRandom('malformed'));
    const at = new Date('2026-11-21T12:00:00Z');
    for (const code of ['', '12345', '1234567', 'abcdef', ` ${totpCode(secret, at)}`])
      expect(matchTotp(secret, code, at)).toBeNull();
  });

  it('counts the seconds left in the current step', () => {
    expect(secondsUntilNextCode(new Date('2026-11-21T12:00:00Z'))).toBe(30);
    expect(secondsUntilNextCode(new Date('2026-11-21T12:00:29Z'))).toBe(1);
    expect(secondsUntilNextCode(new Date('2026-11-21T12:00:40Z'))).toBe(20);
  });

  it('builds the otpauth URI and a PNG QR code', async () => {
    const uri = totpUri(RFC_SECRET, 'player@example.com');
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.host).toBe('totp');
    expect(decodeURIComponent(parsed.pathname)).toBe('/Casino:player@example.com');
    expect(parsed.searchParams.get('secret')).toBe(RFC_SECRET);
    expect(parsed.searchParams.get('issuer')).toBe('Casino');
    expect(parsed.searchParams.get('digits')).toBe('6');
    expect(parsed.searchParams.get('period')).toBe('30');
    const qr = await totpQrCode(uri);
    expect(qr.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(qr.slice('data:image/png;base64,'.length), 'base64');
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
