import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { campaignOffers } from '../campaigns/schema.ts';
import { registerBannerFeature } from './banner-needs.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const cmsConfig = async (locale = 'en') => (await t.app.inject(`/nfx/cms-config/${locale}`)).json();
const welcomeOffer = async () =>
  (await apiClient(t.app).get('campaigns.getoffers', { fields: 'description,promotions' })).data.items.find(
    (o: { id: number }) => o.id === 1,
  );
const setWelcome = (change: Partial<typeof campaignOffers.$inferInsert>) =>
  t.app.ctx.db.update(campaignOffers).set(change).where(eq(campaignOffers.sysname, 'welcome_100'));

describe('the cms config banners', () => {
  it('shows only banners whose feature is live: no tournaments yet, the crash game and weekly cashback are', async () => {
    const config = await cmsConfig();
    expect(config.heroBanners.map((b: { id: string }) => b.id)).toEqual(['welcome', 'crash']);
    expect(config.menuBanner).toMatchObject({ feature: 'cashback', title: 'Weekly cashback' });
    const stop = registerBannerFeature('tournaments', async () => true);
    try {
      expect((await cmsConfig('de')).heroBanners.map((b: { id: string }) => b.id)).toEqual([
        'welcome',
        'crash',
        'tournament',
      ]);
    } finally {
      stop();
    }
  });

  it('gives the hero and auth banners the terms of their offer', async () => {
    const config = await cmsConfig('ar');
    const terms = { percent: 100, max_amount: 200, min_amount: 20, wager: 10 };
    expect(config.heroBanners[0]).toMatchObject({ id: 'welcome', offer: 'welcome_100', terms });
    expect(config.authBanner).toMatchObject({ offer: 'welcome_100', terms });
  });

  it('one source: a new max in campaign_offers shows in the banners and in the offer the deposit form reads', async () => {
    await setWelcome({ promotions: [{ type: 'bonus', percent: 150, max_amount: 30_000, wager: 35 }] });
    const config = await cmsConfig();
    expect(config.heroBanners[0].terms).toMatchObject({ percent: 150, max_amount: 300 });
    expect(config.authBanner.terms).toMatchObject({ percent: 150, max_amount: 300 });
    const offer = await welcomeOffer();
    expect(offer.promotions[0]).toMatchObject({ percent: 150, max_amount: 300 });
    expect(offer.description.text).toBe('We add 150% on top of your first deposit, up to $300.00.');
    await setWelcome({ promotions: [{ type: 'bonus', percent: 100, max_amount: 20_000, wager: 10 }] });
  });

  it('hides the banners of an offer that is not live', async () => {
    await setWelcome({ isActive: false });
    const config = await cmsConfig();
    expect(config.heroBanners.map((b: { id: string }) => b.id)).toEqual(['crash']);
    expect(config.authBanner).toBeNull();
    await setWelcome({ isActive: true });
    expect((await cmsConfig()).heroBanners[0].id).toBe('welcome');
  });
});

describe('banners.get', () => {
  it('lists the live banners of the locale with their position, count 10 by default, fields as asked', async () => {
    const r = await apiClient(t.app).get('banners.get');
    expect(r.error).toBeNull();
    expect(
      r.data.items.map((b: { id: string; description: { position: string } }) => [
        b.id,
        b.description.position,
      ]),
    ).toEqual([
      ['welcome', 'hero'],
      ['crash', 'hero'],
      ['auth', 'auth'],
      ['menu', 'menu'],
    ]);
    expect(r.data.items[0]).toMatchObject({
      id: 'welcome',
      finished_at: null,
      description: {
        position: 'hero',
        title: 'A welcome worth the wait',
        terms: { percent: 100, max_amount: 200 },
        images: { desktop: '/_ipx/f_webp,q_80,s_1200x480/banners/hero-welcome.svg' },
      },
    });
    const some = await apiClient(t.app).get('banners.get', {
      fields: 'id',
      position: 'hero',
      count: 1,
      offset: 1,
    });
    expect(some.data).toEqual({ count: 2, items: [{ id: 'crash' }] });
    const es = await t.app.inject('/api/banners.get?v=1&locale=es&position=menu');
    expect(es.json().data.items[0].description.title).not.toBe('Weekly cashback');
  });

  it('leaves out a finished banner, here and in the cms config', async () => {
    const now = t.clock.now();
    await t.app.ctx.db.execute(
      sql`update cms_configs set config = jsonb_set(config, '{heroBanners,1,finished_at}', ${JSON.stringify(new Date(now.getTime() + 60_000).toISOString())}::jsonb)
          where locale = 'en'`,
    );
    try {
      expect((await apiClient(t.app).get('banners.get', { position: 'hero' })).data.items).toMatchObject([
        { id: 'welcome' },
        { id: 'crash', finished_at: new Date(now.getTime() + 60_000).toISOString() },
      ]);
      t.clock.advance(120_000);
      expect(
        (await apiClient(t.app).get('banners.get', { position: 'hero' })).data.items.map(
          (b: { id: string }) => b.id,
        ),
      ).toEqual(['welcome']);
      expect((await cmsConfig()).heroBanners.map((b: { id: string }) => b.id)).toEqual(['welcome']);
    } finally {
      t.clock.set(now);
      await t.app.ctx.db.execute(
        sql`update cms_configs set config = config #- '{heroBanners,1,finished_at}' where locale = 'en'`,
      );
    }
  });
});
