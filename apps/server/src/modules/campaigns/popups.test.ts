/** popups.get: targeting by audience, page and window; none for a player in a time-out; the preview; the locale. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { matchesPage } from './popups.ts';
import { campaignPopups } from './schema.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(() => t.close());

const ids = (r: { data: { items: { id: number }[] } }) => r.data.items.map((p) => p.id);

describe('popups.get', () => {
  it('matches pages by prefix; none listed means every page', () => {
    expect(matchesPage(['/', '/gamehall'], '/')).toBe(true);
    expect(matchesPage(['/', '/gamehall'], '/gamehall/slots')).toBe(true);
    expect(matchesPage(['/', '/gamehall'], '/gamehallx')).toBe(false);
    expect(matchesPage(['/'], '/cashier')).toBe(false);
    expect(matchesPage([], '/anything')).toBe(true);
  });

  it('gives a visitor the seeded DEMO10 popup on the promotions pages only, in the locale; a player none of it', async () => {
    const visitor = apiClient(t.app);
    const home = await visitor.get('popups.get', { page: '/promotions' });
    expect(home.error).toBeNull();
    expect(home.data).toEqual({
      count: 1,
      items: [
        {
          id: 1,
          title: 'A bonus to start with',
          text: 'Sign up with the promo code DEMO10 and play with a casino bonus: every term is on the promotions page.',
          button: { label: 'Sign up with DEMO10', url: '/?promo_code=DEMO10&show_popup_reg=1' },
          image: '/_ipx/f_webp,q_95,s_320x320/campaigns/art/promo-code.svg',
          frequency: 'session',
          priority: 10,
        },
      ],
    });
    expect(ids(await visitor.get('popups.get', { page: '/cashier/deposit' }))).toEqual([]);
    expect(ids(await visitor.get('popups.get', { page: '/promotions/code-DEMO10' }))).toEqual([1]);
    expect(ids(await visitor.get('popups.get', { page: '/' }))).toEqual([]);
    const es = await t.app.inject('/api/popups.get?v=1&locale=es&page=/promotions');
    expect(es.json().data.items[0].title).toBe('Un bono para empezar');
    const { client } = await signedInClient(t.app);
    expect(ids(await client.get('popups.get', { page: '/promotions' }))).toEqual([]);
    // The preview answers the popup whatever its targeting.
    expect(ids(await client.get('popups.get', { page: '/cashier', popup: 1 }))).toEqual([1]);
  });

  it('keeps to the window, and shows a player in a time-out nothing', async () => {
    const now = t.clock.now();
    await t.app.ctx.db.insert(campaignPopups).values({
      id: 50,
      sysname: 'everyone',
      audience: 'all',
      pages: [],
      frequency: 'always',
      content: { image: null, url: null, texts: { en: { title: 'Hello', text: '' } } },
      priority: 1,
      startsAt: new Date(now.getTime() + 60_000),
      sourceHash: 'test',
    });
    const { client, player } = await signedInClient(t.app);
    expect(ids(await client.get('popups.get', { page: '/x' }))).toEqual([]);
    t.clock.advance(120_000);
    try {
      expect(await client.get('popups.get', { page: '/x' })).toMatchObject({
        data: { items: [{ id: 50, button: null, image: null }] },
      });
      await t.app.ctx.db.execute(
        sql`insert into rg_exclusions (player_id, type, period, starts_at, ends_at, created_at)
            values (${player.id}, 'time_out', '1', ${t.clock.now()}, ${new Date(t.clock.now().getTime() + 86_400_000)}, ${t.clock.now()})`,
      );
      expect(ids(await client.get('popups.get', { page: '/x' }))).toEqual([]);
    } finally {
      t.clock.set(now);
    }
  });
});
