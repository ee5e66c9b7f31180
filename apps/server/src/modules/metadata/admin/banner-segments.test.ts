/**
 * Issue 40 (ADR 074): a home hero banner targeted at a CRM segment shows to the segment's players only — in their
 * own banners.get answer — and never in what is shared by a locale: the cms config every visitor and player reads,
 * and the visitor's home page the page cache keeps (PAGE_CACHE=1, the site rendered through Vite). The back-office
 * offers the shared segments; a private or unknown one is refused; a segment a banner targets cannot be deleted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { crmPlayerTags, crmSegments } from '../../crm/schema.ts';
import { cmsConfigs } from '../schema.ts';
import { expectInNoSharedAnswer, heroIds, visitPage } from './personal-banners-test-helpers.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
let admin: Awaited<ReturnType<typeof signInOperator>>;
let vipSegment = 0;
let privateSegment = 0;
beforeAll(async () => {
  t = await createTestApp({ env: { SERVE_WEB: '1', PAGE_CACHE: '1' } });
  const marketer = await makeOperator(t.app, 'marketing');
  marketing = await signInOperator(t.app, t.clock, marketer);
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
  const now = t.clock.now();
  const [shared, own] = await t.app.ctx.db
    .insert(crmSegments)
    .values([
      {
        name: 'High rollers',
        filter: { tag: 'whale' },
        ownerId: null,
        createdBy: 'test',
        createdAt: now,
        updatedAt: now,
      },
      {
        name: 'Mine',
        filter: { tag: 'whale' },
        ownerId: marketer.id,
        createdBy: 'test',
        createdAt: now,
        updatedAt: now,
      },
    ])
    .returning();
  vipSegment = shared?.id ?? 0;
  privateSegment = own?.id ?? 0;
}, 180_000);
afterAll(() => t?.close());

const TITLE = 'Whales only: a private table tonight';
const BANNER = {
  id: 'whale-night',
  title: TITLE,
  text: 'For our high rollers.',
  button: 'Join',
  url: '/gamehall',
  image: '/_ipx/f_webp,q_80,s_1200x480/banners/hero-welcome.svg',
  started_at: '',
  finished_at: '',
  segment_id: '',
};

describe('a home banner targeted at a segment', () => {
  it('is offered the shared segments only; a private or unknown segment is refused, nothing stored', async () => {
    const list = await marketing.get('/admin/promotions/banners?locale=en');
    expect(list.body).toMatch(new RegExp(`<option value="${vipSegment}"\\s*>High rollers</option>`));
    expect(list.body).not.toContain('>Mine</option>');
    for (const segment of [String(privateSegment), '999999']) {
      const refused = await marketing.post('/admin/promotions/banners/en', {
        ...BANNER,
        segment_id: segment,
      });
      expect(refused.headers.location).toBe(
        '/admin/promotions/banners?locale=en&error=segment_id_wrongField',
      );
    }
    const [row] = await t.app.ctx.db.select().from(cmsConfigs).where(eq(cmsConfigs.locale, 'en'));
    expect(JSON.stringify(row?.config)).not.toContain(TITLE);
  });

  it('shows to the segment’s players only, never in the shared config nor in a kept visitor page', async () => {
    // The visitor's home page is kept before the banner exists…
    await visitPage(t, '/');
    const created = await marketing.post('/admin/promotions/banners/en', {
      ...BANNER,
      segment_id: String(vipSegment),
    });
    const slot = /\/en\/(hero-\d+)\?ok=banner_created$/.exec(String(created.headers.location))?.[1];
    expect(slot).toBeDefined();
    const [audit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'banner.create'));
    expect(audit?.after).toMatchObject({ banners: expect.arrayContaining(['whale-night']) });
    const edit = await marketing.get(`/admin/promotions/banners/en/${slot}`);
    expect(edit.body).toMatch(
      new RegExp(`<option value="${vipSegment}"\\s*selected\\s*>High rollers</option>`),
    );

    const whale = await signedInClient(t.app);
    await t.app.ctx.db
      .insert(crmPlayerTags)
      .values({ playerId: whale.player.id, tag: 'whale', createdBy: 'test', createdAt: t.clock.now() });
    const other = await signedInClient(t.app);
    expect(await heroIds(whale.client)).toContain('whale-night');
    expect(await heroIds(other.client)).not.toContain('whale-night');
    expect(await heroIds(apiClient(t.app))).not.toContain('whale-night');
    // The player's answer names no segment.
    const answer = await whale.client.get('banners.get', { position: 'hero' });
    expect(JSON.stringify(answer.data)).not.toContain('segment_id');

    // In none of what the locale shares: its config, a visitor's kept page, the player's own render.
    await expectInNoSharedAnswer(t, TITLE, whale.client);

    // Out of the segment (the tag taken off): gone from the player's answer at once.
    await t.app.ctx.db.delete(crmPlayerTags).where(eq(crmPlayerTags.playerId, whale.player.id));
    expect(await heroIds(whale.client)).not.toContain('whale-night');
  }, 180_000);

  it('keeps its segment from being deleted; untargeted, the banner is for everyone again', async () => {
    const refused = await admin.post(`/admin/players/segments/${vipSegment}/delete`, {});
    expect(String(refused.headers.location)).toContain('error=segment_inUse');
    const [row] = await t.app.ctx.db.select().from(cmsConfigs).where(eq(cmsConfigs.locale, 'en'));
    const slot = `hero-${((row?.config.heroBanners ?? []) as { id: string }[]).findIndex((b) => b.id === 'whale-night')}`;
    const saved = await marketing.post(`/admin/promotions/banners/en/${slot}`, { ...BANNER, segment_id: '' });
    expect(saved.headers.location).toBe(`/admin/promotions/banners/en/${slot}?ok=banner_saved`);
    expect(await heroIds(apiClient(t.app))).toContain('whale-night');
    const shared = await t.app.inject({ method: 'GET', url: '/nfx/cms-config/en' });
    expect(shared.body).toContain(TITLE);
    expect(shared.json().segmentBanners).toBeUndefined();
    const deleted = await admin.post(`/admin/players/segments/${vipSegment}/delete`, {});
    expect(String(deleted.headers.location)).toContain('ok=segment_deleted');
  });
});
