/**
 * Issue 40 (ADR 068), through the real pages and calls: deposit offers made in the back-office (create, edit, copy,
 * schedule, target, retire behind a confirmation), each with its permission, its field codes and its audit row, and
 * what the cashier offers following; and segment targeting of offers, popups and bonus templates — a player in the
 * CRM segment gets them, a player out of it (and a visitor) does not.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { BonusError, grantBonus } from '../../bonuses/index.ts';
import { bonusTemplates } from '../../bonuses/schema.ts';
import { kindsOf } from '../../bonuses/templates-admin.ts';
import { crmPlayerTags, crmSegments } from '../../crm/schema.ts';
import { campaignOffers, campaignPopups } from '../schema.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
let support: Awaited<ReturnType<typeof signInOperator>>;
let auditor: Awaited<ReturnType<typeof signInOperator>>;
let vipSegment = 0;
let privateSegment = 0;
beforeAll(async () => {
  t = await createTestApp();
  const marketer = await makeOperator(t.app, 'marketing');
  marketing = await signInOperator(t.app, t.clock, marketer);
  support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
  auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
  const now = t.clock.now();
  const [shared, own] = await t.app.ctx.db
    .insert(crmSegments)
    .values([
      {
        name: 'VIP',
        filter: { tag: 'vip' },
        ownerId: null,
        createdBy: 'test',
        createdAt: now,
        updatedAt: now,
      },
      {
        name: 'Mine',
        filter: { tag: 'vip' },
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
afterAll(async () => {
  await t?.close();
});

const audited = (action: string) =>
  t.app.ctx.db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(operatorAudit.id);
const offerBySysname = async (sysname: string) =>
  (await t.app.ctx.db.select().from(campaignOffers).where(eq(campaignOffers.sysname, sysname)))[0];
type TClient = Awaited<ReturnType<typeof signedInClient>>['client'];
const offerIds = async (client: TClient | ReturnType<typeof apiClient>) =>
  ((await client.get('campaigns.getoffers')).data.items as { id: number }[]).map((o) => o.id);
const tag = async (playerId: number, name: string) =>
  t.app.ctx.db
    .insert(crmPlayerTags)
    .values({ playerId, tag: name, createdBy: 'test', createdAt: t.clock.now() });

const OFFER = {
  sysname: 'spring_match',
  locale: 'en',
  title: 'Spring match {percent}% up to {max}',
  text: 'On every deposit this spring.',
  condition: 'any',
  percent: '75',
  max_amount: '150.00',
  wager: '8',
  template: 'deposit_match',
  min_amount: '15.00',
  priority: '5',
  is_active: '1',
  starts_at: '',
  ends_at: '',
  locales: '',
  countries: '',
  segment_id: '',
};

describe('deposit offers made in the back-office', () => {
  it('creates an offer the cashier offers at once, audited; edits it with before and after', async () => {
    const list = await marketing.get('/admin/promotions/offers');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('href="/admin/promotions/offers/new"');
    const form = await marketing.get('/admin/promotions/offers/new');
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('name="sysname"');
    expect(form.body).toMatch(new RegExp(`<option value="${vipSegment}"\\s*>VIP</option>`));
    // An operator's own segment is no audience: only shared ones are offered.
    expect(form.body).not.toContain('>Mine</option>');

    const created = await marketing.post('/admin/promotions/offers', {
      ...OFFER,
      exclude_methods: ['bank_transfer'],
    });
    const id = Number(/offers\/(\d+)\?ok=offer_created$/.exec(String(created.headers.location))?.[1]);
    expect(id).toBeGreaterThanOrEqual(1001);
    const offers = await apiClient(t.app).get('campaigns.getoffers');
    const shown = (offers.data.items as { id: number; description: { title: string } }[]).find(
      (o) => o.id === id,
    );
    expect(shown?.description.title).toBe('Spring match 75% up to $150.00');
    expect(await offerBySysname('spring_match')).toMatchObject({
      minAmount: 1500n,
      excludeMethods: ['bank_transfer'],
      promotions: [{ type: 'bonus', percent: 75, max_amount: 15_000, wager: 8 }],
    });
    expect((await audited('deposit_offer.create'))[0]).toMatchObject({
      targetId: String(id),
      after: { sysname: 'spring_match', min_amount: '1500', segment_id: null },
    });

    const saved = await marketing.post(`/admin/promotions/offers/${id}`, { ...OFFER, percent: '50' });
    expect(saved.headers.location).toBe(`/admin/promotions/offers/${id}?locale=en&ok=offer_saved`);
    const [update] = await audited('deposit_offer.update');
    expect(update?.before).toMatchObject({ promotions: [{ percent: 75 }] });
    expect(update?.after).toMatchObject({ promotions: [{ percent: 50 }] });
    expect((await marketing.get(`/admin/promotions/offers/${id}`)).body).toContain('value="50"');
  });

  it('refuses bad input with field codes (NUL, bad dates, negative amounts): nothing made', async () => {
    const before = (await t.app.ctx.db.select().from(campaignOffers)).length;
    for (const [change, code] of [
      [{ sysname: '' }, 'sysname_requiredField'],
      [{ sysname: 'Bad Name' }, 'sysname_wrongField'],
      [{ sysname: 'spring_match' }, 'sysname_taken'],
      [{ title: '' }, 'title_requiredField'],
      [{ title: 'Bell\u0007here' }, 'title_wrongField'],
      [{ text: 'a\u001bb' }, 'text_wrongField'],
      [{ max_amount: '-5.00' }, 'max_amount_wrongField'],
      [{ max_amount: '0' }, 'max_amount_wrongField'],
      [{ min_amount: '-1' }, 'min_amount_wrongField'],
      [{ percent: '-10' }, 'percent_wrongField'],
      [{ wager: '-1' }, 'wager_wrongField'],
      [{ starts_at: '2026-02-31' }, 'starts_at_wrongField'],
      [{ ends_at: 'tomorrow' }, 'ends_at_wrongField'],
      [{ starts_at: '2030-02-01', ends_at: '2030-01-01' }, 'ends_at_wrongField'],
      [{ condition: 'sometimes' }, 'condition_wrongField'],
      [{ template: 'no_such_template' }, 'template_notUsable'],
      [{ countries: 'Germany' }, 'countries_wrongField'],
      [{ segment_id: String(privateSegment) }, 'segment_id_wrongField'],
      [{ segment_id: '999999' }, 'segment_id_wrongField'],
    ] as const) {
      const refused = await marketing.post('/admin/promotions/offers', {
        ...OFFER,
        sysname: 'nope_offer',
        ...change,
      });
      expect([code, refused.headers.location]).toEqual([code, `/admin/promotions/offers/new?error=${code}`]);
    }
    // A NUL anywhere is refused by the back-office before any page reads the form.
    const nul = await marketing.post('/admin/promotions/offers', {
      ...OFFER,
      sysname: 'nul_offer',
      title: 'a\u0000b',
    });
    expect(nul.headers.location).toBe('/admin?error=bad_input');
    expect((await t.app.ctx.db.select().from(campaignOffers)).length).toBe(before);
    // The page says what went wrong, in words.
    const page = await marketing.get('/admin/promotions/offers/new?error=max_amount_wrongField');
    expect(page.body).toContain('Enter the largest bonus as a positive amount');
  });

  it('holds each action to its permission', async () => {
    const id = (await offerBySysname('spring_match'))?.id ?? 0;
    expect((await support.get('/admin/promotions/offers')).statusCode).toBe(403);
    expect((await auditor.get('/admin/promotions/offers')).statusCode).toBe(200);
    expect((await auditor.get(`/admin/promotions/offers/${id}`)).body).toContain(
      'may read these, not change',
    );
    expect((await auditor.get('/admin/promotions/offers/new')).statusCode).toBe(403);
    for (const path of ['', `/${id}`, `/${id}/copy`, `/${id}/retire`])
      expect([
        path,
        (await auditor.post(`/admin/promotions/offers${path}`, { ...OFFER, confirmed: '1' })).statusCode,
      ]).toEqual([path, 403]);
    expect((await offerBySysname('spring_match'))?.retiredAt).toBeNull();
  });

  it('schedules an offer: outside its window the cashier does not offer it, nor takes it', async () => {
    const now = t.clock.now();
    const day = (ms: number) => new Date(now.getTime() + ms).toISOString().slice(0, 10);
    const created = await marketing.post('/admin/promotions/offers', {
      ...OFFER,
      sysname: 'next_week',
      starts_at: day(86_400_000 * 2),
      ends_at: day(86_400_000 * 4),
    });
    expect(created.headers.location).toMatch(/ok=offer_created$/);
    const id = (await offerBySysname('next_week'))?.id ?? 0;
    const { client } = await signedInClient(t.app);
    try {
      expect(await offerIds(client)).not.toContain(id);
      const early = await client.post('cashier.makedeposit', {
        method: 'card',
        amount: '50',
        campaign_offer_id: id,
      });
      expect(early.error?.error_data).toEqual({ invalid_parameters: { campaign_offer_id: 'wrongField' } });
      t.clock.advance(86_400_000 * 3);
      expect(await offerIds(client)).toContain(id);
      t.clock.advance(86_400_000 * 2);
      expect(await offerIds(client)).not.toContain(id);
    } finally {
      t.clock.set(now);
    }
  });

  it('copies an offer switched off, and retires one only after the confirmation page', async () => {
    const id = (await offerBySysname('spring_match'))?.id ?? 0;
    const copied = await marketing.post(`/admin/promotions/offers/${id}/copy`, { sysname: 'spring_match_b' });
    const copyId = Number(/offers\/(\d+)\?ok=offer_copied$/.exec(String(copied.headers.location))?.[1]);
    expect(await offerBySysname('spring_match_b')).toMatchObject({ id: copyId, isActive: false });
    expect(await offerIds(apiClient(t.app))).not.toContain(copyId);
    expect((await audited('deposit_offer.copy'))[0]).toMatchObject({
      after: { copied_from: 'spring_match', sysname: 'spring_match_b' },
    });

    // The first post only asks.
    const asked = await marketing.post(`/admin/promotions/offers/${id}/retire`, {});
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('data-confirm="deposit_offer_retire"');
    expect(asked.body).toContain('name="confirmed" value="1"');
    expect(asked.body).toContain('The cashier will never offer “Spring match 50% up to $150.00” again.');
    expect((await offerBySysname('spring_match'))?.retiredAt).toBeNull();
    expect(await offerIds(apiClient(t.app))).toContain(id);

    const retired = await marketing.post(`/admin/promotions/offers/${id}/retire`, { confirmed: '1' });
    expect(retired.headers.location).toBe(`/admin/promotions/offers/${id}?ok=offer_retired`);
    const { client } = await signedInClient(t.app);
    expect(await offerIds(client)).not.toContain(id);
    const refused = await client.post('cashier.makedeposit', {
      method: 'card',
      amount: '50',
      campaign_offer_id: id,
    });
    expect(refused.error?.error_data).toEqual({ invalid_parameters: { campaign_offer_id: 'wrongField' } });
    expect((await audited('deposit_offer.retire'))[0]).toMatchObject({
      before: { is_active: true, retired_at: null },
      after: { is_active: false },
    });
    // A retired offer is not edited any more.
    const edit = await marketing.post(`/admin/promotions/offers/${id}`, OFFER);
    expect(edit.headers.location).toContain('error=id_retired');
  });
});

describe('segment targeting (ADR 068)', () => {
  it('offers a segment-targeted deposit offer to the segment’s players only, and takes it from them only', async () => {
    const created = await marketing.post('/admin/promotions/offers', {
      ...OFFER,
      sysname: 'vip_reload',
      segment_id: String(vipSegment),
    });
    expect(created.headers.location).toMatch(/ok=offer_created$/);
    const id = (await offerBySysname('vip_reload'))?.id ?? 0;
    expect((await audited('deposit_offer.create')).at(-1)?.after).toMatchObject({ segment_id: vipSegment });
    const vip = await signedInClient(t.app);
    const other = await signedInClient(t.app);
    await tag(vip.player.id, 'vip');
    expect(await offerIds(vip.client)).toContain(id);
    expect(await offerIds(other.client)).not.toContain(id);
    expect(await offerIds(apiClient(t.app))).not.toContain(id);
    // Untargeted offers still show to everyone.
    const seeded = (await offerIds(other.client)).filter((o) => o < 1000);
    expect(seeded.length).toBeGreaterThan(0);
    const outsider = await other.client.post('cashier.makedeposit', {
      method: 'card',
      amount: '50',
      campaign_offer_id: id,
    });
    expect(outsider.error?.error_data).toEqual({
      invalid_parameters: { campaign_offer_id: 'offerNotEligible' },
    });
    const insider = await vip.client.post('cashier.makedeposit', {
      method: 'card',
      amount: '50',
      campaign_offer_id: id,
    });
    expect(insider.error).toBeNull();
    expect((await marketing.get('/admin/promotions/offers')).body).toContain('VIP');
  });

  it('shows a segment-targeted popup to the segment’s players only', async () => {
    const created = await marketing.post('/admin/promotions/popups', {
      sysname: 'vip_popup',
      locale: 'en',
      title: 'For our VIPs',
      text: '',
      button: '',
      url: '',
      audience: 'all',
      pages: '',
      frequency: 'always',
      priority: '0',
      is_active: '1',
      starts_at: '',
      ends_at: '',
      locales: '',
      countries: '',
      segment_id: String(vipSegment),
    });
    expect(created.headers.location).toMatch(/ok=popup_created$/);
    const [row] = await t.app.ctx.db
      .select()
      .from(campaignPopups)
      .where(eq(campaignPopups.sysname, 'vip_popup'));
    expect(row?.segmentId).toBe(vipSegment);
    expect((await marketing.get('/admin/promotions/popups')).body).toContain('VIP');
    const popupIds = async (client: TClient | ReturnType<typeof apiClient>) =>
      ((await client.get('popups.get', { page: '/' })).data.items as { id: number }[]).map((p) => p.id);
    const vip = await signedInClient(t.app);
    const other = await signedInClient(t.app);
    await tag(vip.player.id, 'vip');
    expect(await popupIds(vip.client)).toContain(row?.id);
    expect(await popupIds(other.client)).not.toContain(row?.id);
    expect(await popupIds(apiClient(t.app))).not.toContain(row?.id);
    // A private segment is refused as a popup's target.
    const own = await marketing.post(`/admin/promotions/popups/${row?.id}`, {
      locale: 'en',
      title: 'For our VIPs',
      audience: 'all',
      frequency: 'always',
      is_active: '1',
      segment_id: String(privateSegment),
    });
    expect(own.headers.location).toContain('error=segment_id_wrongField');
  });

  it('grants a template made for a segment to the segment’s players only (the template form)', async () => {
    const created = await marketing.post('/admin/promotions/templates', {
      sysname: 'vip_gift',
      type: 'casino',
      title: 'VIP gift {amount}',
      text: '',
      amount: '10.00',
      wager_multiplier: '5',
      max_bet: '',
      max_conversion: '',
      valid_days: '14',
      other: '10',
      ...Object.fromEntries(kindsOf('casino').map((kind) => [`kind_${kind}`, '10'])),
      is_active: '1',
      segment_id: String(vipSegment),
    });
    expect(created.headers.location).toMatch(/ok=template_created$/);
    const [template] = await t.app.ctx.db
      .select()
      .from(bonusTemplates)
      .where(eq(bonusTemplates.sysname, 'vip_gift'));
    expect(template?.segmentId).toBe(vipSegment);
    expect((await audited('bonus_template.create')).at(-1)?.after).toMatchObject({ segment_id: vipSegment });
    const page = await marketing.get(`/admin/promotions/templates/${template?.id}`);
    expect(page.body).toMatch(new RegExp(`<option value="${vipSegment}"\\s*selected>VIP</option>`));
    const vip = await signedInClient(t.app);
    const other = await signedInClient(t.app);
    await tag(vip.player.id, 'vip');
    const grant = (playerId: number) =>
      grantBonus(t.app.ctx.db, {
        playerId,
        template: 'vip_gift',
        source: 'operator',
        sourceRef: 'test',
        grantKey: `segment-test:${playerId}`,
        now: t.clock.now(),
      });
    expect((await grant(vip.player.id)).created).toBe(true);
    await expect(grant(other.player.id)).rejects.toSatisfy(
      (e) => e instanceof BonusError && e.code === 'templateNotForPlayer',
    );
    // A private segment is refused.
    const own = await marketing.post('/admin/promotions/templates', {
      sysname: 'mine_gift',
      type: 'casino',
      title: 'Mine',
      amount: '10.00',
      wager_multiplier: '5',
      valid_days: '14',
      other: '10',
      ...Object.fromEntries(kindsOf('casino').map((kind) => [`kind_${kind}`, '10'])),
      segment_id: String(privateSegment),
    });
    expect(own.headers.location).toContain('error=segment_id_wrongField');
  });

  it('keeps a segment while an offer, popup or template targets it', async () => {
    const admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
    const refused = await admin.post(`/admin/players/segments/${vipSegment}/delete`, {});
    expect(refused.headers.location).toBe('/admin/players?error=segment_inUse');
    expect(await t.app.ctx.db.select().from(crmSegments).where(eq(crmSegments.id, vipSegment))).toHaveLength(
      1,
    );
  });
});
