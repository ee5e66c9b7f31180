/**
 * Issue 40 (ADR 066): the home banners are a list an operator runs — add (with a start and an end), copy, move,
 * retire — through the real pages; banners.get shows them in the list's order, from their start; each change
 * audited with the list before and after; a role without promotions.edit changes nothing.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { cmsConfigs } from '../schema.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
let auditor: Awaited<ReturnType<typeof signInOperator>>;
let marketer: Awaited<ReturnType<typeof makeOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketer = await makeOperator(t.app, 'marketing');
  marketing = await signInOperator(t.app, t.clock, marketer);
  auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
}, 180_000);
afterAll(() => t?.close());

const hero = async () =>
  (await apiClient(t.app).get('banners.get', { position: 'hero' })).data.items.map(
    (b: { id: string }) => b.id,
  );
/** The stored list's names, in order (the site leaves out banners whose offer or feature is not live). */
const stored = async () => {
  const [row] = await t.app.ctx.db.select().from(cmsConfigs).where(eq(cmsConfigs.locale, 'en'));
  if (!row) throw new Error('no English cms config');
  return (row.config.heroBanners as { id: string }[]).map((b) => b.id);
};
const audited = (action: string) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.action, action)))
    .orderBy(operatorAudit.id);

const BANNER = {
  id: 'spring',
  title: 'Spring on the reels',
  text: 'New slots every week.',
  button: 'Play',
  url: '/gamehall',
  image: '/_ipx/f_webp,q_80,s_1200x480/banners/hero-welcome.svg',
  started_at: '',
  finished_at: '',
};

describe('the home banners as a list', () => {
  it('adds, copies, moves and retires banners; the site follows the order; audited', async () => {
    const before = await stored();
    expect(before.length).toBeGreaterThan(0);
    expect((await marketing.get('/admin/promotions/banners?locale=en')).body).toContain(
      'Add a home banner (en)',
    );

    const added = await marketing.post('/admin/promotions/banners/en', BANNER);
    const slot = `hero-${before.length}`;
    expect(added.headers.location).toBe(`/admin/promotions/banners/en/${slot}?ok=banner_created`);
    expect(await stored()).toEqual([...before, 'spring']);
    expect((await hero()).at(-1)).toBe('spring');
    expect((await audited('banner.create'))[0]).toMatchObject({
      targetId: `en:${slot}`,
      before: { banners: expect.not.arrayContaining(['spring']) },
      after: { banners: expect.arrayContaining(['spring']) },
    });

    const up = await marketing.post(`/admin/promotions/banners/en/${slot}/up`, {});
    expect(up.headers.location).toBe('/admin/promotions/banners?locale=en&ok=banner_moved');
    expect(await stored()).toEqual([...before.slice(0, -1), 'spring', before.at(-1)]);

    await marketing.post(`/admin/promotions/banners/en/hero-${before.length - 1}/copy`, {});
    expect((await stored())[before.length]).toBe('spring-copy');
    expect(await hero()).toContain('spring-copy');

    const retired = await marketing.post(`/admin/promotions/banners/en/hero-${before.length}/remove`, {});
    expect(retired.headers.location).toBe('/admin/promotions/banners?locale=en&ok=banner_retired');
    expect(await hero()).not.toContain('spring-copy');
    expect(await audited('banner.retire')).toHaveLength(1);
    expect(await audited('banner.up')).toHaveLength(1);
    expect(await audited('banner.copy')).toHaveLength(1);
  });

  it('shows a scheduled banner from its start only; refuses a bad window and other roles', async () => {
    const now = t.app.ctx.providers.clock.now();
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString().slice(0, 10);
    await marketing.post('/admin/promotions/banners/en', { ...BANNER, id: 'later', started_at: tomorrow });
    expect(await hero()).not.toContain('later');
    expect((await marketing.get('/admin/promotions/banners?locale=en')).body).toContain('scheduled');
    t.clock.advance(2 * 86_400_000);
    expect(await hero()).toContain('later');
    marketing = await signInOperator(t.app, t.clock, marketer);
    auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));

    const bad = await marketing.post('/admin/promotions/banners/en', {
      ...BANNER,
      id: 'bad_window',
      started_at: '2030-02-01',
      finished_at: '2030-01-01',
    });
    expect(bad.headers.location).toBe('/admin/promotions/banners?locale=en&error=finished_at_wrongField');
    const badName = await marketing.post('/admin/promotions/banners/en', { ...BANNER, id: 'Bad Name' });
    expect(badName.headers.location).toBe('/admin/promotions/banners?locale=en&error=id_wrongField');
    expect(
      (await auditor.post('/admin/promotions/banners/en', { ...BANNER, id: 'by_auditor' })).statusCode,
    ).toBe(403);
    expect((await auditor.post('/admin/promotions/banners/en/hero-0/remove', {})).statusCode).toBe(403);
    expect(await hero()).not.toContain('by_auditor');
    expect(await hero()).not.toContain('bad_window');
  });
});
