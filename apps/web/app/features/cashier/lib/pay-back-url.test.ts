/** Spec §2: a cashier `backUrl` kept under the pay-success key and used once after a successful payment. */
import { describe, expect, it } from 'vitest';
import { PAY_SUCCESS_BACK_URL_KEY, rememberPayBackUrl, takePayBackUrl } from './pay-flow';

const ORIGIN = 'https://casino.example';

const memory = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('the pay-success back URL', () => {
  it('keeps a backUrl of ours from the cashier query and sends the player there once the payment succeeded', () => {
    const storage = memory();
    rememberPayBackUrl(storage, '?backUrl=%2Fgame%2Fbook-of-gold%3Fmode%3Dreal', ORIGIN);
    expect(storage.items.get(PAY_SUCCESS_BACK_URL_KEY)).toBe('/game/book-of-gold?mode=real');
    expect(takePayBackUrl(storage, 'tx-1', 'pending', ORIGIN)).toBeNull();
    expect(storage.items.has(PAY_SUCCESS_BACK_URL_KEY)).toBe(true);
    expect(takePayBackUrl(storage, 'tx-1', 'success', ORIGIN)).toBe('/game/book-of-gold?mode=real');
    expect(takePayBackUrl(storage, 'tx-1', 'success', ORIGIN)).toBeNull();
  });

  it('takes an absolute address of our own site, never another site or a protocol-relative one', () => {
    const storage = memory();
    rememberPayBackUrl(storage, `?backUrl=${encodeURIComponent(`${ORIGIN}/promotions`)}`, ORIGIN);
    expect(takePayBackUrl(storage, null, undefined, ORIGIN)).toBe(`${ORIGIN}/promotions`);
    for (const evil of ['https://evil.example/', '//evil.example', '/\\evil.example']) {
      rememberPayBackUrl(storage, `?backUrl=${encodeURIComponent(evil)}`, ORIGIN);
      expect(storage.items.has(PAY_SUCCESS_BACK_URL_KEY)).toBe(false);
    }
  });

  it('a cashier page without backUrl leaves the kept one alone', () => {
    const storage = memory();
    rememberPayBackUrl(storage, '?backUrl=%2Fbetting', ORIGIN);
    rememberPayBackUrl(storage, '?register=success', ORIGIN);
    expect(storage.items.get(PAY_SUCCESS_BACK_URL_KEY)).toBe('/betting');
  });
});
