import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const key = (id: string, fill: number) => ({ id, key: Buffer.alloc(32, fill) });

describe('secret box', () => {
  it('seals with the current key and opens again; the stored text shows neither the secret nor a fixed IV', () => {
    const box = createSecretBox(key('k1', 1), [], 'totp');
    const a = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^enc1:k1:[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(a);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.isCurrent(a)).toBe(true);
  });

  it('opens what an old key sealed after a rotation, and seals new values with the new key', () => {
    const sealedByOld = createSecretBox(key('k1', 1), [], 'totp').seal('OLDSECRET');
    const rotated = createSecretBox(key('k2', 2), [key('k1', 1)], 'totp');
    expect(rotated.open(sealedByOld)).toBe('OLDSECRET');
    expect(rotated.isCurrent(sealedByOld)).toBe(false);
    expect(rotated.seal('NEW')).toMatch(/^enc1:k2:/);
    expect(() => createSecretBox(key('k2', 2), [], 'totp').open(sealedByOld)).toThrow(/unknown key: k1/);
  });

  it('reads a clear-text secret stored before encryption as itself', () => {
    const box = createSecretBox(key('k1', 1), [], 'totp');
    expect(box.open('JBSWY3DPEHPK3PXP')).toBe('JBSWY3DPEHPK3PXP');
    expect(box.isCurrent('JBSWY3DPEHPK3PXP')).toBe(false);
  });

  it('refuses a tampered value, a wrong key under the same id, or another purpose', () => {
    const box = createSecretBox(key('k1', 1), [], 'totp');
    const sealed = box.seal('SECRET');
    const raw = Buffer.from(sealed.slice('enc1:k1:'.length), 'base64url');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.open(`enc1:k1:${raw.toString('base64url')}`)).toThrow();
    expect(() => createSecretBox(key('k1', 9), [], 'totp').open(sealed)).toThrow();
    expect(() => createSecretBox(key('k1', 1), [], 'other').open(sealed)).toThrow();
  });
});
