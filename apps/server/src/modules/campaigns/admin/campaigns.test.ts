/**
 * The Promotions section of the back-office through the real pages: promo codes (create, duplicate refused, a batch
 * that players activate with campaigns.activateOffer, its usage page, switching a code off), cashback programs and
 * popups (with the site's preview link and popups.get); each change audited; bad input answered with a flash error,
 * nothing stored; refusals by role. Banners: metadata/admin/banners.test.ts.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { getBalances } from '../../ledger/balances.ts';
import { queryRows } from '../../ledger/sql.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t?.close();
});

const audited = (action: string) =>
  t.app.ctx.db.select().from(operatorAudit).where(eq(operatorAudit.action, action));

const codeRow = async (code: string) =>
  (
    await queryRows<{
      id: unknown;
      code: string;
      uses: number;
      max_uses: number | null;
      batch: string | null;
    }>(
      t.app.ctx.db,
      sql`select id, code, uses, max_uses, batch from promo_codes where upper(code) = upper(${code})`,
    )
  )[0];

const TERMS = { template: 'demo10', bonus_amount: '', per_player_limit: '1' };

describe('promo codes', () => {
  it('creates a code, refuses the same code in another case, and shows its use', async () => {
    const created = await marketing.post('/admin/promotions/codes', {
      ...TERMS,
      code: 'Spring25',
      bonus_amount: '25.00',
      max_uses: '',
      ends_at: '2027-01-31',
    });
    const row = await codeRow('SPRING25');
    expect(created.headers.location).toBe(`/admin/promotions/codes/${row?.id}?ok=code_created`);
    expect(row).toMatchObject({ code: 'Spring25', uses: 0, max_uses: null });
    const duplicate = await marketing.post('/admin/promotions/codes', { ...TERMS, code: 'SPRING25' });
    expect(duplicate.headers.location).toBe('/admin/promotions/codes?error=code_taken');
    expect((await marketing.get(duplicate.headers.location ?? '')).body).toContain(
      'That code exists already',
    );
    const [audit] = await audited('promo_code.create');
    expect(audit?.after).toMatchObject({ code: 'Spring25', bonusAmount: '2500', template: 'demo10' });

    const { client, player } = await signedInClient(t.app);
    const used = await client.post('campaigns.activateOffer', { promo_code: 'spring25' });
    expect(used.error).toBeNull();
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(2_500n);
    const list = await marketing.get('/admin/promotions/codes?q=spring');
    expect(list.body).toMatch(/data-code="Spring25"[\s\S]*?1 \/ ∞/);
    const usage = await marketing.get(`/admin/promotions/codes/${row?.id}`);
    expect(usage.body).toContain(`href="/admin/players/${player.id}#bonuses">${player.login}</a>`);
    expect(usage.body).toContain('active');

    // Switched off: nobody can use it any more.
    await marketing.post(`/admin/promotions/codes/${row?.id}/off`, {});
    const other = await signedInClient(t.app);
    expect(
      (await other.client.post('campaigns.activateOffer', { promo_code: 'SPRING25' })).error,
    ).toMatchObject({
      error_data: { invalid_parameters: { promo_code: 'INVALID' } },
    });
    expect(await audited('promo_code.active')).toHaveLength(1);
  });

  it('generates a batch of single-use codes that players activate through campaigns.activateOffer', async () => {
    const made = await marketing.post('/admin/promotions/codes/batch', {
      ...TERMS,
      prefix: 'vip',
      count: '3',
      max_uses: '1',
    });
    const batch = /batch=([^&]+)&ok=codes_generated/.exec(made.headers.location ?? '')?.[1] ?? '';
    expect(batch).toMatch(/^VIP-\d{8}-[A-Z2-9]{4}$/);
    const codes = await queryRows<{ code: string }>(
      t.app.ctx.db,
      sql`select code from promo_codes where batch = ${decodeURIComponent(batch)} order by id`,
    );
    expect(codes).toHaveLength(3);
    for (const { code } of codes) expect(code).toMatch(/^VIP-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{8}$/);
    const listed = await marketing.get(made.headers.location ?? '');
    expect(listed.body).toContain('Codes generated');
    for (const { code } of codes) expect(listed.body).toContain(`data-code="${code}"`);

    const first = codes[0]?.code ?? '';
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);
    expect((await a.client.post('campaigns.activateOffer', { promo_code: first })).error).toBeNull();
    expect((await getBalances(t.app.ctx.db, a.player.id)).bonus).toBe(1_000n);
    // Single use: the next player hears LIMIT.
    expect((await b.client.post('campaigns.activateOffer', { promo_code: first })).error).toMatchObject({
      error_data: { invalid_parameters: { promo_code: 'LIMIT' } },
    });
    expect(
      (await b.client.post('campaigns.activateOffer', { promo_code: codes[1]?.code ?? '' })).error,
    ).toBeNull();
    expect((await codeRow(first))?.uses).toBe(1);
    const [audit] = await audited('promo_code.batch');
    expect(audit).toMatchObject({ targetId: decodeURIComponent(batch), after: { prefix: 'vip', count: 3 } });
  });

  it('refuses bad input with a flash error and stores nothing', async () => {
    const before = await queryRows<{ n: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from promo_codes`,
    );
    const cases: [string, Record<string, string>, string][] = [
      ['/admin/promotions/codes', { code: '' }, 'code_requiredField'],
      ['/admin/promotions/codes', { code: 'has space' }, 'code_wrongField'],
      ['/admin/promotions/codes', { code: 'OK1', template: 'nope' }, 'template_wrongField'],
      ['/admin/promotions/codes', { code: 'OK1', bonus_amount: '12.345' }, 'bonus_amount_wrongField'],
      ['/admin/promotions/codes', { code: 'OK1', max_uses: '0' }, 'max_uses_wrongField'],
      ['/admin/promotions/codes', { code: 'OK1', ends_at: '2026-02-30' }, 'ends_at_wrongField'],
      [
        '/admin/promotions/codes',
        { code: 'OK1', starts_at: '2026-03-01', ends_at: '2026-02-01' },
        'ends_at_wrongField',
      ],
      ['/admin/promotions/codes/batch', { prefix: 'VIP', count: 'ten' }, 'count_wrongField'],
      ['/admin/promotions/codes/batch', { prefix: 'VIP', count: '1001' }, 'count_maxValue'],
      ['/admin/promotions/codes/batch', { prefix: 'V-1', count: '2' }, 'prefix_wrongField'],
    ];
    for (const [path, change, code] of cases) {
      const response = await marketing.post(path, { ...TERMS, ...change });
      expect(response.headers.location, JSON.stringify(change)).toBe(`/admin/promotions/codes?error=${code}`);
    }
    const nul = await marketing.post('/admin/promotions/codes', { ...TERMS, code: 'NUL\u0000CODE' });
    // Without a Referer the browser goes to the back-office home, which keeps the flash on the first section.
    expect(nul.statusCode).toBe(303);
    expect(nul.headers.location).toBe('/admin?error=bad_input');
    expect((await marketing.get('/admin?error=bad_input')).headers.location).toBe(
      '/admin/reports?error=bad_input',
    );
    const after = await queryRows<{ n: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from promo_codes`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('cashback and popups', () => {
  it('edits a cashback program (audited) and refuses impossible terms', async () => {
    const list = await marketing.get('/admin/promotions/cashback');
    expect(list.body).toContain('weekly_cashback');
    const form = {
      period: 'weekly',
      percent: '15',
      min_amount: '1.00',
      max_amount: '250.00',
      payout: 'bonus',
      template: 'cashback_bonus',
      receiving_days: '5',
      is_active: '1',
    };
    const saved = await marketing.post('/admin/promotions/cashback/1', form);
    expect(saved.headers.location).toBe('/admin/promotions/cashback/1?ok=cashback_saved');
    const [program] = await queryRows<{ percent: number; max_amount: unknown; receiving_days: number }>(
      t.app.ctx.db,
      sql`select percent, max_amount, receiving_days from cashback_programs where id = 1`,
    );
    expect([program?.percent, String(program?.max_amount), program?.receiving_days]).toEqual([
      15,
      '25000',
      5,
    ]);
    const [audit] = await audited('cashback_program.update');
    expect([audit?.before, audit?.after]).toMatchObject([
      { percent: 10 },
      { percent: 15, max_amount: '25000' },
    ]);
    for (const [change, code] of [
      [{ percent: '0' }, 'percent_wrongField'],
      [{ percent: '1.5' }, 'percent_wrongField'],
      [{ max_amount: '0.50' }, 'max_amount_wrongField'],
      [{ payout: 'cash' }, 'payout_wrongField'],
      [{ template: '' }, 'template_requiredField'],
      [{ period: 'hourly' }, 'period_wrongField'],
    ] as const) {
      const refused = await marketing.post('/admin/promotions/cashback/1', { ...form, ...change });
      expect(refused.headers.location, JSON.stringify(change)).toBe(
        `/admin/promotions/cashback/1?error=${code}`,
      );
    }
    expect(await audited('cashback_program.update')).toHaveLength(1);
  });

  it('edits a popup: popups.get answers the new words; the list links the site preview', async () => {
    const list = await marketing.get('/admin/promotions/popups');
    expect(list.body).toContain('href="/promotions?popup=1#popup-preview"');
    const page = await marketing.get('/admin/promotions/popups/1?locale=en');
    expect(page.body).toContain('A bonus to start with');
    const saved = await marketing.post('/admin/promotions/popups/1', {
      locale: 'en',
      title: 'Start with DEMO10',
      text: 'Sign up with DEMO10.',
      button: 'Sign up',
      url: '/?promo_code=DEMO10&show_popup_reg=1',
      audience: 'visitors',
      pages: '/promotions /casino',
      frequency: 'daily',
      priority: '5',
      is_active: '1',
    });
    expect(saved.headers.location).toBe('/admin/promotions/popups/1?locale=en&ok=popup_saved');
    const preview = await apiClient(t.app).get('popups.get', { popup: '1' });
    expect(preview.data.items[0]).toMatchObject({ title: 'Start with DEMO10', frequency: 'daily' });
    const casino = await apiClient(t.app).get('popups.get', { page: '/casino' });
    expect(casino.data.items.map((p: { id: number }) => p.id)).toEqual([1]);
    const bad = await marketing.post('/admin/promotions/popups/1', {
      locale: 'en',
      title: 'x',
      audience: 'everyone',
      frequency: 'daily',
    });
    expect(bad.headers.location).toBe('/admin/promotions/popups/1?locale=en&error=audience_wrongField');
    const [audit] = await audited('popup.update');
    expect(audit?.after).toMatchObject({ frequency: 'daily', pages: ['/promotions', '/casino'] });
  });

  it('lets marketing and admins edit, the auditor read, and support neither', async () => {
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    for (const path of [
      '/admin/promotions/codes',
      '/admin/promotions/cashback/1',
      '/admin/promotions/popups/1',
    ]) {
      const read = await auditor.get(path);
      expect([path, read.statusCode]).toEqual([path, 200]);
      expect(read.body).not.toContain('type="submit">Save');
      expect((await support.get(path)).statusCode).toBe(403);
    }
    for (const path of [
      '/admin/promotions/codes',
      '/admin/promotions/codes/batch',
      '/admin/promotions/cashback/1',
      '/admin/promotions/popups/1',
    ])
      expect([path, (await auditor.post(path, {})).statusCode]).toEqual([path, 403]);
  });
});
