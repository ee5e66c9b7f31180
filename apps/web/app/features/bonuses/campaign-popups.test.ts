import { describe, expect, it } from 'vitest';
import { isDue } from './campaign-popups';

describe('how often a campaign popup shows', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it('once: never again; session: once a session; daily: after a day; always: every time', () => {
    expect(isDue({ id: 1, frequency: 'once' }, {}, {}, now)).toBe(true);
    expect(isDue({ id: 1, frequency: 'once' }, { 1: now - 10 * 86_400_000 }, {}, now)).toBe(false);
    expect(isDue({ id: 1, frequency: 'session' }, { 1: now - 60_000 }, {}, now)).toBe(true);
    expect(isDue({ id: 1, frequency: 'session' }, {}, { 1: now - 60_000 }, now)).toBe(false);
    expect(isDue({ id: 1, frequency: 'daily' }, { 1: now - 3_600_000 }, {}, now)).toBe(false);
    expect(isDue({ id: 1, frequency: 'daily' }, { 1: now - 86_400_000 }, {}, now)).toBe(true);
    expect(isDue({ id: 1, frequency: 'always' }, { 1: now }, { 1: now }, now)).toBe(true);
  });
});
