/**
 * Promotions › Banners through the real pages: an edit that banners.get follows, a finished banner gone from the
 * site, a bad link refused (each change audited); the preview shows its offer's figures as the site fills them
 * (never `{percent}`), and a text the site would leave out says so; who may read and edit.
 */
import { offerText } from '@casino/contracts/offer-terms';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(() => t?.close());

describe('banners', () => {
  it('edits a hero banner: banners.get follows, a finished banner disappears, a bad link is refused', async () => {
    const list = await marketing.get('/admin/promotions/banners?locale=en');
    expect(list.body).toContain('data-slot="hero-1"');
    expect(list.body).toContain('How high will it fly?');
    const form = {
      title: 'Rocket Rush is live',
      text: 'Cash out before it leaves.',
      button: 'Play',
      url: '/game/sparkrush_rocket_rush',
      image: '/_ipx/f_webp,q_80,s_800x480/banners/hero-crash.svg',
      finished_at: '',
    };
    const saved = await marketing.post('/admin/promotions/banners/en/hero-1', form);
    expect(saved.headers.location).toBe('/admin/promotions/banners/en/hero-1?ok=banner_saved');
    const hero = async () =>
      (await apiClient(t.app).get('banners.get', { position: 'hero' })).data.items.map(
        (b: { id: string; description: { title?: string } }) => [b.id, b.description.title],
      );
    expect(await hero()).toContainEqual(['crash', 'Rocket Rush is live']);
    const bad = await marketing.post('/admin/promotions/banners/en/hero-1', {
      ...form,
      url: 'javascript:alert(1)',
    });
    expect(bad.headers.location).toBe('/admin/promotions/banners/en/hero-1?error=url_wrongField');
    const ended = await marketing.post('/admin/promotions/banners/en/hero-1', {
      ...form,
      finished_at: t.clock.now().toISOString().slice(0, 10),
    });
    expect(ended.headers.location).toBe('/admin/promotions/banners/en/hero-1?ok=banner_saved');
    expect((await hero()).map(([id]: [string]) => id)).not.toContain('crash');
    expect((await marketing.get('/admin/promotions/banners?locale=en')).body).toContain('finished');
    const rows = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'banner.update'), eq(operatorAudit.targetId, 'en:hero-1')));
    expect(rows).toHaveLength(2);
  });

  it('lets marketing and admins edit, the auditor read, and support neither', async () => {
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    const path = '/admin/promotions/banners/en/hero-0';
    const read = await auditor.get(path);
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain('type="submit">Save');
    expect((await support.get(path)).statusCode).toBe(403);
    expect((await auditor.post(path, {})).statusCode).toBe(403);
  });
});

const WELCOME = { percent: 100, max_amount: 200, min_amount: 20, wager: 10 };

describe('banner preview', () => {
  it('fills {percent} and {max} from the linked offer, as the site does', async () => {
    const list = await marketing.get('/admin/promotions/banners?locale=en');
    expect(list.statusCode).toBe(200);
    const filled = 'Get 100% on top of your first deposit, up to $200.00';
    expect(offerText('Get {percent}% on top of your first deposit, up to {max}', WELCOME, 'USD')).toBe(
      filled,
    );
    expect(list.body).toContain(filled);
    expect(list.body).not.toMatch(/\{\s*(percent|max|min|wager)\s*\}/);
    expect(list.body).toContain('Figures from offer welcome_100: 100% up to $200.00, in USD.');

    // An edit with every placeholder: the form keeps the words as written, the preview shows the figures.
    const form = {
      title: 'Up to {max} on top',
      text: '{percent}% from {min}, wager {wager}x.',
      button: 'Claim',
      url: '/?show_popup_reg=1',
      image: '/_ipx/f_webp,q_80,s_1200x480/banners/hero-welcome.svg',
      finished_at: '',
    };
    const saved = await marketing.post('/admin/promotions/banners/en/hero-0', form);
    expect(saved.headers.location).toBe('/admin/promotions/banners/en/hero-0?ok=banner_saved');
    const page = await marketing.get('/admin/promotions/banners/en/hero-0');
    expect(page.body).toContain('value="Up to {max} on top"');
    expect(page.body).toContain('<strong>Up to $200.00 on top</strong>');
    expect(page.body).toContain('<span>100% from $20.00, wager 10x.</span>');
  });

  it('says when the site leaves a line out (placeholders without an offer) or hides the banner (offer not live)', async () => {
    const saved = await marketing.post('/admin/promotions/banners/en/menu', {
      title: 'Weekly cashback',
      text: '{percent}% back every week',
      button: '',
      url: '/promotions',
      image: '',
      finished_at: '',
    });
    expect(saved.headers.location).toBe('/admin/promotions/banners/en/menu?ok=banner_saved');
    const page = await marketing.get('/admin/promotions/banners/en/menu');
    expect(page.body).toContain('{percent}% back every week');
    expect(page.body).toContain('(left out on the site: no offer to fill it from)');

    await t.app.ctx.db.execute(
      sql`update campaign_offers set is_active = false where sysname = 'welcome_100'`,
    );
    const off = await marketing.get('/admin/promotions/banners/en/hero-0');
    expect(off.body).toContain('<strong>Up to $200.00 on top</strong>');
    expect(off.body).toContain('The offer is not live: the site hides this banner until it is.');
    await t.app.ctx.db.execute(
      sql`update campaign_offers set is_active = true where sysname = 'welcome_100'`,
    );
  });
});
