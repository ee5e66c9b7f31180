/**
 * What the tests of personal home banners (a segment's, some countries': ADR 074) ask of the app: a player's hero
 * banners through banners.get, and that a banner is in no answer a locale shares.
 */
import { expect } from 'vitest';
import type { signedInClient } from '../../../test/factories.ts';
import type { apiClient, TTestApp } from '../../../test/test-app.ts';

type TClient = Awaited<ReturnType<typeof signedInClient>>['client'];

/** The ids of the hero banners banners.get answers `client` (a player, or a visitor's apiClient). */
export const heroIds = async (client: TClient | ReturnType<typeof apiClient>) =>
  ((await client.get('banners.get', { position: 'hero', count: '50' })).data.items as { id: string }[]).map(
    (b) => b.id,
  );

/** A visitor's page, uncompressed. */
export const visitPage = (t: TTestApp, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });

/**
 * The banner titled `title` is in none of what a locale shares: the cms config (asked without a session and with
 * `player`'s), which only says a personal banner is live; the visitor's home page rendered again and then kept;
 * and `player`'s own server render (never kept), whose browser asks banners.get after.
 */
export const expectInNoSharedAnswer = async (t: TTestApp, title: string, player: TClient) => {
  for (const cookie of [undefined, `sid=${player.jar.get('sid')}`]) {
    const shared = await t.app.inject({
      method: 'GET',
      url: '/nfx/cms-config/en',
      headers: cookie ? { cookie } : {},
    });
    expect(shared.body).not.toContain(title);
    expect(shared.json().segmentBanners).toBe(true);
  }
  const fresh = await visitPage(t, '/');
  expect(fresh.statusCode).toBe(200);
  expect(fresh.headers['x-page-cache']).toBe('miss');
  const kept = await visitPage(t, '/');
  expect(kept.headers['x-page-cache']).toBe('hit');
  for (const page of [fresh, kept]) expect(page.body).not.toContain(title);
  const own = await player.send({ method: 'GET', url: '/' });
  expect(own.headers['x-page-cache']).toBeUndefined();
  expect(own.body).not.toContain(title);
};
