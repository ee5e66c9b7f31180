import { describe, expect, it } from 'vitest';
import { href, isGuardedPath, paths, splitLocale } from './paths';

describe('paths and locale prefixes', () => {
  it('adds the prefix for every locale but the default', () => {
    expect(href(paths.cashier.deposit, 'en')).toBe('/cashier/deposit');
    expect(href(paths.cashier.deposit, 'ar')).toBe('/ar/cashier/deposit');
    expect(href(paths.home, 'es')).toBe('/es');
    expect(href(paths.gamehall.category('live'), 'de')).toBe('/de/gamehall?category=live');
    expect(href('https://example.com/x', 'es')).toBe('https://example.com/x');
  });

  it('splits a known locale off the path and treats anything else as the path', () => {
    const codes = ['en', 'es', 'ar'];
    expect(splitLocale('/es/offers', codes)).toEqual({ locale: 'es', path: '/offers', prefixed: true });
    expect(splitLocale('/ar', codes)).toEqual({ locale: 'ar', path: '/', prefixed: true });
    expect(splitLocale('/about-us', codes)).toEqual({ locale: 'en', path: '/about-us', prefixed: false });
  });

  it('guards bets, cashier and profile paths (the profile responsible-game section among them) only', () => {
    for (const path of [
      '/cashier',
      '/cashier/deposit',
      '/profile/settings',
      '/bets/x',
      '/profile/responsible-game',
    ])
      expect(isGuardedPath(path), path).toBe(true);
    // The public safer-gambling page (issue 16).
    for (const path of ['/', '/offers', '/gamehall', '/cashiers-guide', '/about-us', '/responsible-game'])
      expect(isGuardedPath(path), path).toBe(false);
  });

  it('builds the query forms of the game hall', () => {
    expect(paths.gamehall.providers([3, 'pragmatic'])).toBe('/gamehall?providers=3,pragmatic');
    expect(paths.cashier.payFail('tx 1')).toBe('/cashier/payfail/tx%201');
    expect(paths.cashier.payFail()).toBe('/cashier/payfail');
  });
});
