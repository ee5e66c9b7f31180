import { describe, expect, it } from 'vitest';
import { dotDate, dottedToIso, isoToDotted } from './date-input';

describe('§9 date inputs', () => {
  it('dots the digits as they are typed and drops anything else', () => {
    expect(dotDate('2')).toBe('2');
    expect(dotDate('251')).toBe('25.1');
    expect(dotDate('25/11/2026')).toBe('25.11.2026');
    expect(dotDate('251120269')).toBe('25.11.2026');
  });

  it('reads dd.mm.yyyy as ISO, and only real days', () => {
    expect(dottedToIso('25.11.2026')).toBe('2026-11-25');
    expect(dottedToIso('29.02.2024')).toBe('2024-02-29');
    expect(dottedToIso('29.02.2026')).toBeNull();
    expect(dottedToIso('25.11.26')).toBeNull();
    expect(isoToDotted('2026-11-25')).toBe('25.11.2026');
    expect(isoToDotted('')).toBe('');
  });
});
