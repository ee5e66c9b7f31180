/** Which rendered pages the host may keep for other visitors: a public route, for a visitor, a 200 without errors. */
import type { StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isPublicPage } from './public-pages';

const state = (leaf: string, account: unknown, errors: StaticHandlerContext['errors'] = null) =>
  ({
    matches: [{ route: { id: 'root' } }, { route: { id: 'routes/locale' } }, { route: { id: leaf } }],
    loaderData: { root: { account } },
    errors,
  }) as unknown as StaticHandlerContext;

describe('a public page', () => {
  it('is a public route rendered for a visitor with a 200', () => {
    for (const leaf of ['routes/home', 'gamehall', 'promotions', 'betting', 'routes/content-page'])
      expect(isPublicPage(state(leaf, null), 200), leaf).toBe(true);
  });

  it('is never a signed-in player’s page, an error, or a private route', () => {
    expect(isPublicPage(state('gamehall', { uid: 7 }), 200)).toBe(false);
    expect(isPublicPage(state('gamehall', null), 404)).toBe(false);
    expect(isPublicPage(state('gamehall', null, { gamehall: new Error('x') }), 200)).toBe(false);
    for (const leaf of ['routes/profile-index', 'game-sysname', 'cashier-deposit', 'routes/password-reset'])
      expect(isPublicPage(state(leaf, null), 200), leaf).toBe(false);
  });
});
