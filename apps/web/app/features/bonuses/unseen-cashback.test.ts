import { describe, expect, it } from 'vitest';
import { isUnseen } from './unseen-cashback';

describe('the unseen cashback rule (spec §4)', () => {
  const active = { id: 7, status: 'active' as const, receiving_expired_at: '2026-12-01T00:00:00Z' };
  it('shows an active cashback whose id differs from the one seen', () => {
    expect(isUnseen(active, '6')).toBe(true);
    expect(isUnseen(active, '7')).toBe(false);
  });
  it('shows a paid one only when it has no receiving date', () => {
    expect(isUnseen({ id: 8, status: 'paid_out', receiving_expired_at: null }, '7')).toBe(true);
    expect(isUnseen({ id: 8, status: 'paid_out', receiving_expired_at: '2026-12-01T00:00:00Z' }, '7')).toBe(
      false,
    );
  });
  it('shows nothing when no seen id is stored, or there is no cashback', () => {
    expect(isUnseen(active, null)).toBe(false);
    expect(isUnseen(undefined, '0')).toBe(false);
  });
});
