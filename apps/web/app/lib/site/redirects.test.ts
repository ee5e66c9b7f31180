import { describe, expect, it } from 'vitest';
import { matchRedirect } from './redirects';

const redirects = [
  { from_url: '/casino', to_url: '/gamehall' },
  { from_url: '/bonus/*', to_url: '/promotions' },
  { from_url: '/old/*', to_url: '/new/*' },
  { from_url: '/partner', to_url: 'https://partner.example/' },
];

describe('operator redirects', () => {
  it('matches exact paths and keeps the locale prefix', () => {
    expect(matchRedirect('/casino', redirects, '')).toBe('/gamehall');
    expect(matchRedirect('/casino/', redirects, '/es')).toBe('/es/gamehall');
  });

  it('matches wildcards and carries the rest along when the target has one', () => {
    expect(matchRedirect('/bonus/summer', redirects, '')).toBe('/promotions');
    expect(matchRedirect('/old/a/b', redirects, '/ar')).toBe('/ar/new/a/b');
  });

  it('sends external targets as they are and leaves other paths alone', () => {
    expect(matchRedirect('/partner', redirects, '/es')).toBe('https://partner.example/');
    expect(matchRedirect('/casinos', redirects, '')).toBeUndefined();
    expect(matchRedirect('/', redirects, '')).toBeUndefined();
  });
});
