/**
 * Issue 40 (ADR 066), through the real pages: popups created, copied and retired, targeted by site locale and player
 * country (what popups.get answers follows), and promo code batches exported as CSV and switched off in bulk —
 * each with its permission, its field codes and its audit row.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { campaignPopups, promoCodes } from '../schema.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
let support: Awaited<ReturnType<typeof signInOperator>>;
let auditor: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
  support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
  auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const audited = (action: string) =>
  t.app.ctx.db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(operatorAudit.id);
const ids = (r: { data: { items: { id: number }[] } }) => r.data.items.map((p) => p.id);

const POPUP = {
  sysname: 'spring_popup',
  locale: 'en',
  title: 'Spring is here',
  text: 'Twenty free spins on Fruit Fiesta.',
  button: 'Play now',
  url: '/gamehall',
  audience: 'all',
  pages: '/gamehall',
  frequency: 'always',
  priority: '50',
  is_active: '1',
  starts_at: '',
  ends_at: '',
  locales: '',
  countries: '',
};

describe('popups made in the back-office', () => {
  it('creates a popup that the site shows at once, audited; copies it switched off; retires it', async () => {
    expect((await marketing.get('/admin/promotions/popups')).body).toContain(
      'href="/admin/promotions/popups/new"',
    );
    const page = await marketing.get('/admin/promotions/popups/new');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('name="sysname"');

    const created = await marketing.post('/admin/promotions/popups', POPUP);
    expect(created.headers.location).toBe('/admin/promotions/popups/1001?ok=popup_created');
    const visitor = apiClient(t.app);
    const shown = await visitor.get('popups.get', { page: '/gamehall' });
    expect(shown.data.items[0]).toMatchObject({
      id: 1001,
      title: 'Spring is here',
      button: { label: 'Play now', url: '/gamehall' },
      frequency: 'always',
    });
    expect((await audited('popup.create'))[0]).toMatchObject({
      targetId: '1001',
      after: { sysname: 'spring_popup', audience: 'all', pages: ['/gamehall'] },
    });

    const copied = await marketing.post('/admin/promotions/popups/1001/copy', { sysname: 'spring_popup_b' });
    expect(copied.headers.location).toBe('/admin/promotions/popups/1002?ok=popup_copied');
    const [copy] = await t.app.ctx.db.select().from(campaignPopups).where(eq(campaignPopups.id, 1002));
    expect(copy).toMatchObject({ isActive: false, sysname: 'spring_popup_b', pages: ['/gamehall'] });
    expect(ids(await visitor.get('popups.get', { page: '/gamehall' }))).toEqual([1001]);

    const retired = await marketing.post('/admin/promotions/popups/1001/retire', {});
    expect(retired.headers.location).toBe('/admin/promotions/popups/1001?ok=popup_retired');
    expect(ids(await visitor.get('popups.get', { page: '/gamehall' }))).toEqual([]);
    expect((await audited('popup.retire'))[0]).toMatchObject({ after: { is_active: false } });
    expect((await marketing.get('/admin/promotions/popups')).body).toContain('retired');
  });

  it('targets locales and countries: a visitor sees no country-targeted popup, a player of the country does', async () => {
    await marketing.post('/admin/promotions/popups', {
      ...POPUP,
      sysname: 'german_only',
      pages: '/casino',
      locales: 'de',
      countries: 'de at',
    });
    const [row] = await t.app.ctx.db
      .select()
      .from(campaignPopups)
      .where(eq(campaignPopups.sysname, 'german_only'));
    expect(row).toMatchObject({ locales: ['de'], countries: ['DE', 'AT'] });
    const id = row?.id ?? 0;
    const germanVisitor = await t.app.inject(`/api/popups.get?v=1&locale=de&page=/casino`);
    expect(germanVisitor.json().data.items.map((p: { id: number }) => p.id)).not.toContain(id);
    const german = await signedInClient(t.app, { countryCode: 'DE' });
    const french = await signedInClient(t.app, { countryCode: 'FR' });
    const asked = async (client: typeof german.client, locale: string) =>
      (
        await t.app.inject({
          url: `/api/popups.get?v=1&locale=${locale}&page=/casino`,
          headers: { cookie: `sid=${client.jar.get('sid')}` },
        })
      )
        .json()
        .data.items.map((p: { id: number }) => p.id);
    expect(await asked(german.client, 'de')).toContain(id);
    expect(await asked(german.client, 'en')).not.toContain(id);
    expect(await asked(french.client, 'de')).not.toContain(id);
  });

  it('refuses bad input with field codes and other roles: nothing made', async () => {
    for (const [change, code] of [
      [{ sysname: '' }, 'sysname_requiredField'],
      [{ sysname: 'Bad Name' }, 'sysname_wrongField'],
      [{ sysname: 'spring_popup' }, 'sysname_taken'],
      [{ title: '' }, 'title_requiredField'],
      [{ countries: 'Germany' }, 'countries_wrongField'],
      [{ locales: 'deutsch' }, 'locales_wrongField'],
      [{ starts_at: '2030-02-01', ends_at: '2030-01-01' }, 'ends_at_wrongField'],
    ] as const) {
      const refused = await marketing.post('/admin/promotions/popups', {
        ...POPUP,
        sysname: 'nope_popup',
        ...change,
      });
      expect([code, refused.headers.location]).toEqual([code, `/admin/promotions/popups/new?error=${code}`]);
    }
    expect((await support.get('/admin/promotions/popups/new')).statusCode).toBe(403);
    expect(
      (await auditor.post('/admin/promotions/popups', { ...POPUP, sysname: 'by_auditor' })).statusCode,
    ).toBe(403);
    expect((await auditor.post('/admin/promotions/popups/1002/retire', {})).statusCode).toBe(403);
    const made = await t.app.ctx.db
      .select()
      .from(campaignPopups)
      .where(eq(campaignPopups.sysname, 'by_auditor'));
    expect(made).toEqual([]);
  });
});

describe('promo code batches', () => {
  it('exports a batch as CSV and switches it off in one go, audited once; the codes no longer activate', async () => {
    const made = await marketing.post('/admin/promotions/codes/batch', {
      template: 'demo10',
      bonus_amount: '5.00',
      prefix: 'EXP',
      count: '3',
      max_uses: '1',
      per_player_limit: '1',
    });
    const batch = decodeURIComponent(
      /batch=([^&]+)&ok=codes_generated/.exec(made.headers.location ?? '')?.[1] ?? '',
    );
    expect(batch).not.toBe('');
    const list = await marketing.get(`/admin/promotions/codes?batch=${encodeURIComponent(batch)}`);
    expect(list.body).toContain('Export batch (CSV)');

    const csv = await auditor.get(`/admin/promotions/codes/batch.csv?batch=${encodeURIComponent(batch)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'code,template,bonus_amount,uses,max_uses,per_player,starts_at,ends_at,status,created_at',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^EXP-[^,]+,demo10,5\.00,0,1,1,,,active,/);
    expect((await marketing.get('/admin/promotions/codes/batch.csv?batch=NOPE')).statusCode).toBe(404);

    expect((await auditor.post('/admin/promotions/codes/batch/off', { batch })).statusCode).toBe(403);
    const off = await marketing.post('/admin/promotions/codes/batch/off', { batch });
    expect(off.headers.location).toBe(
      `/admin/promotions/codes?batch=${encodeURIComponent(batch)}&ok=codes_switched_off`,
    );
    const codes = await t.app.ctx.db.select().from(promoCodes).where(eq(promoCodes.batch, batch));
    expect(codes.map((c) => c.isActive)).toEqual([false, false, false]);
    expect((await audited('promo_code.batch_off'))[0]).toMatchObject({
      targetId: batch,
      before: { active_codes: 3 },
      after: { active_codes: 0 },
    });
    // Again: nothing left to switch, nothing recorded.
    await marketing.post('/admin/promotions/codes/batch/off', { batch });
    expect(await audited('promo_code.batch_off')).toHaveLength(1);
    const { client } = await signedInClient(t.app);
    const activated = await client.post('campaigns.activateOffer', { promo_code: codes[0]?.code ?? '' });
    expect(activated.error).not.toBeNull();
    expect(
      (await marketing.post('/admin/promotions/codes/batch/off', { batch: 'NOPE' })).headers.location,
    ).toBe('/admin/promotions/codes?error=batch_notFound');
  });
});
