/**
 * Issue 40 (ADR 074): a home hero banner targeted at player countries shows to players of those countries only — in
 * their own banners.get answer — and never in what is shared by a locale: the cms config every visitor and player
 * reads, and the visitor's home page the page cache keeps (PAGE_CACHE=1, the site rendered through Vite). A visitor
 * has no known country: not for them. A countries field that is not a list of two-letter codes is refused.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { cmsConfigs } from '../schema.ts';
import { expectInNoSharedAnswer, heroIds, visitPage } from './personal-banners-test-helpers.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp({ env: { SERVE_WEB: '1', PAGE_CACHE: '1' } });
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(() => t?.close());

const TITLE = 'Britons only: a Premier League free bet';
const BANNER = {
  id: 'gb-night',
  title: TITLE,
  text: 'For our players in Great Britain.',
  button: 'Claim',
  url: '/promotions',
  image: '/_ipx/f_webp,q_80,s_1200x480/banners/hero-welcome.svg',
  started_at: '',
  finished_at: '',
  segment_id: '',
  countries: '',
};

const enConfig = async () =>
  (await t.app.ctx.db.select().from(cmsConfigs).where(eq(cmsConfigs.locale, 'en')))[0]?.config;
const slotOf = async (id: string) =>
  `hero-${(((await enConfig())?.heroBanners ?? []) as { id: string }[]).findIndex((b) => b.id === id)}`;

describe('a home banner targeted at player countries', () => {
  it('refuses a countries field that is not two-letter codes, or too many; nothing stored', async () => {
    const many = Array.from(
      { length: 61 },
      (_, i) => `${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`,
    );
    for (const [countries, code] of [
      ['GBR', 'countries_wrongField'],
      ['GB, D1', 'countries_wrongField'],
      ['United Kingdom', 'countries_wrongField'],
      [many.join(', '), 'countries_maxLength'],
    ] as const) {
      const refused = await marketing.post('/admin/promotions/banners/en', { ...BANNER, countries });
      expect(refused.headers.location).toBe(`/admin/promotions/banners?locale=en&error=${code}`);
    }
    expect(JSON.stringify(await enConfig())).not.toContain(TITLE);
    // An existing banner's form refuses it too, and keeps the banner as it was.
    const before = JSON.stringify(await enConfig());
    const edited = await marketing.post('/admin/promotions/banners/en/hero-0', { ...BANNER, countries: 'G' });
    expect(edited.headers.location).toBe('/admin/promotions/banners/en/hero-0?error=countries_wrongField');
    expect(JSON.stringify(await enConfig())).toBe(before);
    const page = await marketing.get('/admin/promotions/banners?locale=en&error=countries_wrongField');
    expect(page.body).toContain('Countries are ISO codes of two letters');
  });

  it('shows to players of its countries only, never in the shared config nor in a kept visitor page', async () => {
    // The visitor's home page is kept before the banner exists…
    await visitPage(t, '/');
    const created = await marketing.post('/admin/promotions/banners/en', { ...BANNER, countries: 'gb, GB' });
    const slot = /\/en\/(hero-\d+)\?ok=banner_created$/.exec(String(created.headers.location))?.[1];
    expect(slot).toBeDefined();
    const stored = (((await enConfig())?.heroBanners ?? []) as Record<string, unknown>[]).find(
      (b) => b.id === 'gb-night',
    );
    expect(stored?.countries).toEqual(['GB']);
    const edit = await marketing.get(`/admin/promotions/banners/en/${slot}`);
    expect(edit.body).toMatch(/<input id="b-countries" name="countries" value="GB"/);
    const list = await marketing.get('/admin/promotions/banners?locale=en');
    expect(list.body).toContain('for players in GB only');

    const briton = await signedInClient(t.app, { countryCode: 'GB' });
    const german = await signedInClient(t.app, { countryCode: 'DE' });
    const nowhere = await signedInClient(t.app, { countryCode: null });
    expect(await heroIds(briton.client)).toContain('gb-night');
    expect(await heroIds(german.client)).not.toContain('gb-night');
    expect(await heroIds(nowhere.client)).not.toContain('gb-night');
    expect(await heroIds(apiClient(t.app))).not.toContain('gb-night');
    // The player's answer names no countries.
    const answer = await briton.client.get('banners.get', { position: 'hero' });
    expect(JSON.stringify(answer.data)).not.toContain('countries');

    // In none of what the locale shares: its config, a visitor's kept page, the player's own render.
    await expectInNoSharedAnswer(t, TITLE, briton.client);
  }, 180_000);

  it('is audited when its countries change; with none, it is for everyone again', async () => {
    const slot = await slotOf('gb-night');
    const saved = await marketing.post(`/admin/promotions/banners/en/${slot}`, {
      ...BANNER,
      countries: 'GB DE',
    });
    expect(saved.headers.location).toBe(`/admin/promotions/banners/en/${slot}?ok=banner_saved`);
    const [audit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'banner.update'), eq(operatorAudit.targetId, `en:${slot}`)));
    expect(audit?.before).toMatchObject({ countries: ['GB'] });
    expect(audit?.after).toMatchObject({ countries: ['GB', 'DE'] });
    const german = await signedInClient(t.app, { countryCode: 'DE' });
    expect(await heroIds(german.client)).toContain('gb-night');

    const cleared = await marketing.post(`/admin/promotions/banners/en/${slot}`, BANNER);
    expect(cleared.headers.location).toBe(`/admin/promotions/banners/en/${slot}?ok=banner_saved`);
    expect(await heroIds(apiClient(t.app))).toContain('gb-night');
    const shared = await t.app.inject({ method: 'GET', url: '/nfx/cms-config/en' });
    expect(shared.body).toContain(TITLE);
    expect(shared.json().segmentBanners).toBeUndefined();
  });

  it('is not offered on the menu banner, whose form keeps no countries', async () => {
    const menu = await marketing.get('/admin/promotions/banners/en/menu');
    expect(menu.statusCode).toBe(200);
    expect(menu.body).not.toContain('name="countries"');
    const saved = await marketing.post('/admin/promotions/banners/en/menu', {
      ...BANNER,
      id: 'menu',
      countries: 'GB',
    });
    expect(saved.headers.location).toBe('/admin/promotions/banners/en/menu?ok=banner_saved');
    expect((await enConfig())?.menuBanner).not.toHaveProperty('countries');
  });
});
