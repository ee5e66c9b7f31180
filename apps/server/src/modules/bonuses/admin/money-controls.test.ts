/**
 * The back-office's money controls (issue 40, ADR 064) through the real pages: every money action confirms first;
 * above the operator's role limit it waits for a second operator whose role covers it (never the asker); approving
 * acts once, rejecting moves nothing; the limits page is the admin's and audited; permissions per role.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { checkAmountLimit } from '../../backoffice/index.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { depositedClient } from '../../cashier/cashier-test-helpers.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { getBalances } from '../../ledger/balances.ts';
import { queryRows, toBigInt } from '../../ledger/sql.ts';

type TClient = Awaited<ReturnType<typeof signInOperator>>;
let t: TTestApp;
let support: TClient;
let support2: TClient;
let finance: TClient;
let finance2: TClient;
let admin: TClient;
let auditor: TClient;
let marketing: TClient;
beforeAll(async () => {
  t = await createTestApp();
  const sign = async (role: Parameters<typeof makeOperator>[1]) =>
    signInOperator(t.app, t.clock, await makeOperator(t.app, role));
  support = await sign('support');
  support2 = await sign('support');
  finance = await sign('finance');
  finance2 = await sign('finance');
  admin = await sign('admin');
  auditor = await sign('auditor');
  marketing = await sign('marketing');
}, 180_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t?.close();
});

const bonusesOf = (playerId: number) =>
  queryRows<{ id: unknown; amount: unknown; source: string }>(
    t.app.ctx.db,
    sql`select id, amount, source from player_bonuses where player_id = ${playerId} order by id`,
  );
const approvals = (playerId: number) =>
  queryRows<{ id: unknown; status: string; amount: unknown; decided_by_email: string | null }>(
    t.app.ctx.db,
    sql`select id, status, amount, decided_by_email from operator_approvals where player_id = ${playerId} order by id`,
  );
const keyOf = (body: string, action: string) =>
  new RegExp(`action="[^"]+/${action}">[\\s\\S]*?name="key" value="([^"]+)"`).exec(body)?.[1] ?? '';

/** Posts the player's page's bonus grant form; `confirmed` posts the confirmation page's form too. */
const grant = async (client: TClient, playerId: number, amount: string, confirmed = true) => {
  const page = await client.get(`/admin/players/${playerId}`);
  const form = {
    key: keyOf(page.body, 'bonuses/grant'),
    template: 'demo10',
    amount,
    reason: 'Goodwill, outage',
  };
  const first = await client.post(`/admin/players/${playerId}/bonuses/grant`, form);
  if (!confirmed) return first;
  const requestKey = /name="request_key" value="([^"]+)"/.exec(first.body)?.[1] ?? '';
  return client.post(`/admin/players/${playerId}/bonuses/grant`, {
    ...form,
    request_key: requestKey,
    confirmed: '1',
  });
};
const decide = (
  client: TClient,
  id: unknown,
  decision: 'approve' | 'reject',
  reason = 'Checked with the player',
) => client.post(`/admin/approvals/${id}/${decision}`, { reason });

describe('every money action confirms before it acts', () => {
  it('answers a confirmation page first (nothing moves), then acts on the confirmed post', async () => {
    const { player } = await makePlayer(t.app);
    const first = await grant(support, player.id, '50.00', false);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Confirm the bonus grant');
    expect(first.body).toContain('$50.00');
    expect(first.body).toContain('name="confirmed" value="1"');
    expect(first.body).not.toContain('data-needs-approval');
    expect(await bonusesOf(player.id)).toEqual([]);
    const done = await grant(support, player.id, '50.00');
    expect(done.headers.location).toBe(`/admin/players/${player.id}?ok=bonus_granted`);
    expect((await bonusesOf(player.id)).map((b) => toBigInt(b.amount))).toEqual([5_000n]);
  });

  it('confirms an adjustment and a payout the same way', async () => {
    const { player } = await makePlayer(t.app);
    const page = await finance.get(`/admin/players/${player.id}`);
    const form = {
      key: keyOf(page.body, 'adjust'),
      direction: 'credit',
      account: 'main',
      amount: '10',
      reason: 'Goodwill credit',
    };
    const first = await finance.post(`/admin/players/${player.id}/adjust`, form);
    expect(first.body).toContain('Confirm the adjustment');
    expect(first.body).toContain('Credit $10.00');
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(0n);
    const done = await finance.post(`/admin/players/${player.id}/adjust`, { ...form, confirmed: '1' });
    expect(done.headers.location).toBe(`/admin/players/${player.id}?ok=adjusted`);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(1_000n);
  });

  it('a refused form goes back with its flash before any confirmation', async () => {
    const { player } = await makePlayer(t.app);
    const r = await support.post(`/admin/players/${player.id}/bonuses/grant`, {
      template: 'demo10',
      amount: 'x',
      reason: 'Goodwill',
    });
    expect(r.headers.location).toMatch(/\?error=/);
  });
});

describe('amount limits and four eyes', () => {
  it('a support grant over its limit waits; the asker and a role without cover cannot approve; finance approves once', async () => {
    const { player } = await makePlayer(t.app);
    const confirm = await grant(support, player.id, '500.00', false);
    expect(confirm.body).toContain('data-needs-approval');
    expect(confirm.body).toContain('Ask for approval');
    const asked = await grant(support, player.id, '500.00');
    expect(asked.headers.location).toBe(`/admin/players/${player.id}?ok=approval_requested`);
    expect(await bonusesOf(player.id)).toEqual([]);
    const [approval] = await approvals(player.id);
    expect(approval).toMatchObject({ status: 'pending' });
    expect(toBigInt(approval?.amount)).toBe(50_000n);

    const list = await finance.get('/admin/approvals');
    const row = list.body.slice(list.body.indexOf(`data-approval="${approval?.id}"`));
    expect(row).toContain('$500.00');
    expect(row).toContain('Goodwill, outage');
    expect(row).toContain('Approve…');
    expect((await support.get('/admin/approvals')).body).toContain('You asked for this');

    expect((await decide(support, approval?.id, 'approve')).headers.location).toBe(
      '/admin/approvals?error=approval_ownRequest',
    );
    expect((await decide(support2, approval?.id, 'approve')).headers.location).toBe(
      '/admin/approvals?error=approval_noCover',
    );
    expect((await decide(auditor, approval?.id, 'approve')).statusCode).toBe(403);
    expect(await bonusesOf(player.id)).toEqual([]);

    const [a, b] = await Promise.all([
      decide(finance, approval?.id, 'approve'),
      decide(finance2, approval?.id, 'approve'),
    ]);
    expect([a.headers.location, b.headers.location].sort()).toEqual([
      '/admin/approvals?error=approval_notPending',
      '/admin/approvals?ok=approval_approved',
    ]);
    const bonuses = await bonusesOf(player.id);
    expect(bonuses.map((x) => toBigInt(x.amount))).toEqual([50_000n]);
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(50_000n);
    expect((await approvals(player.id))[0]?.status).toBe('approved');
    const audit = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.targetType, 'approval'), eq(operatorAudit.targetId, String(approval?.id))));
    expect(audit.map((r) => r.action).sort()).toEqual(['approval.approve', 'approval.request']);
    expect(audit.find((r) => r.action === 'approval.approve')).toMatchObject({
      before: { status: 'pending', amount: '50000', currency: 'USD' },
      after: { status: 'approved', amount: '50000' },
    });
    const decided = await finance.get('/admin/approvals?status=decided');
    expect(decided.body).toContain(`data-approval="${approval?.id}"`);
  });

  it('an amount over finance’s limit needs the admin; a rejection moves nothing', async () => {
    const { player } = await makePlayer(t.app);
    await grant(support, player.id, '5000.00');
    const [big] = await approvals(player.id);
    expect((await decide(finance, big?.id, 'approve')).headers.location).toBe(
      '/admin/approvals?error=approval_noCover',
    );
    expect((await decide(finance, big?.id, 'reject', 'no')).headers.location).toMatch(
      /error=reason_minLength/,
    );
    expect((await decide(finance, big?.id, 'reject', 'Too large for goodwill')).headers.location).toBe(
      '/admin/approvals?ok=approval_rejected',
    );
    expect(await bonusesOf(player.id)).toEqual([]);
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(0n);
    expect((await decide(admin, big?.id, 'approve')).headers.location).toBe(
      '/admin/approvals?error=approval_notPending',
    );
    expect(await bonusesOf(player.id)).toEqual([]);
  });

  it('an adjustment over the limit is posted once by the approver', async () => {
    const { player } = await makePlayer(t.app);
    const page = await finance.get(`/admin/players/${player.id}`);
    const form = {
      key: keyOf(page.body, 'adjust'),
      direction: 'credit',
      account: 'main',
      amount: '2000',
      reason: 'Lost deposit found',
    };
    const asked = await finance.post(`/admin/players/${player.id}/adjust`, { ...form, confirmed: '1' });
    expect(asked.headers.location).toBe(`/admin/players/${player.id}?ok=approval_requested`);
    // The same form again is the same request.
    await finance.post(`/admin/players/${player.id}/adjust`, { ...form, confirmed: '1' });
    const rows = await approvals(player.id);
    expect(rows).toHaveLength(1);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(0n);
    expect((await decide(admin, rows[0]?.id, 'approve')).headers.location).toBe(
      '/admin/approvals?ok=approval_approved',
    );
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(200_000n);
    const [credit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'balance.credit'), eq(operatorAudit.targetId, String(player.id))));
    expect(credit).toMatchObject({ before: { balance: '0' }, after: { balance: '200000' } });
  });

  it('a payout over the limit waits; the withdrawal is paid when a covering operator approves', async () => {
    // The admin lowers finance's payout limit to 20.00 (audited), then finance approves a 30.00 withdrawal.
    const limits = await admin.get('/admin/approvals/limits');
    const fields = Object.fromEntries(
      [...limits.body.matchAll(/name="([a-z_]+\.[a-z_]+)" value="([^"]*)"/g)].map((m) => [
        m[1] ?? '',
        m[2] ?? '',
      ]),
    );
    expect(fields['finance.withdrawal_approval']).toBe('5000.00');
    expect(fields['admin.adjustment']).toBe('');
    expect(
      (await admin.post('/admin/approvals/limits', { ...fields, 'finance.withdrawal_approval': 'lots' }))
        .headers.location,
    ).toMatch(/error=/);
    const saved = await admin.post('/admin/approvals/limits', {
      ...fields,
      'finance.withdrawal_approval': '20',
    });
    expect(saved.headers.location).toBe('/admin/approvals/limits?ok=limits_saved');
    const [limitAudit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'limits.set'));
    expect(limitAudit).toMatchObject({
      before: { role: 'finance', action: 'withdrawal_approval', limit: '500000' },
      after: { role: 'finance', action: 'withdrawal_approval', limit: '2000' },
    });
    expect(await checkAmountLimit(t.app.ctx.db, 'finance', 'withdrawal_approval', 2_001n)).toEqual({
      within: false,
      limit: 2_000n,
    });
    expect(await checkAmountLimit(t.app.ctx.db, 'admin', 'withdrawal_approval', 10n ** 12n)).toEqual({
      within: true,
      limit: null,
    });
    expect(await checkAmountLimit(t.app.ctx.db, 'marketing', 'bonus_grant', 1n)).toEqual({
      within: false,
      limit: 0n,
    });

    const made = await depositedClient(t.app, '100');
    const w = await made.client.post('cashier.makewithdrawal', {
      method: 'card',
      amount: '30',
      'requisites[card_holder]': 'Jane Doe',
      'requisites[card_number]': '4111 1111 1111 1111',
    });
    const id = w.data.transaction_id as string;
    const confirm = await finance.post(`/admin/withdrawals/${id}/approve`);
    expect(confirm.body).toContain('Confirm the payout');
    expect(confirm.body).toContain('data-needs-approval');
    const requestKey = /name="request_key" value="([^"]+)"/.exec(confirm.body)?.[1] ?? '';
    const asked = await finance.post(`/admin/withdrawals/${id}/approve`, {
      confirmed: '1',
      request_key: requestKey,
    });
    expect(asked.headers.location).toBe('/admin/withdrawals?ok=approval_requested');
    const status = async () =>
      (
        await queryRows<{ status: string }>(
          t.app.ctx.db,
          sql`select status from cashier_transactions where id = ${id}`,
        )
      )[0]?.status;
    expect(await status()).toBe('pending');
    const [approval] = await approvals(made.player.id);
    expect((await decide(finance2, approval?.id, 'approve')).headers.location).toBe(
      '/admin/approvals?error=approval_noCover',
    );
    expect((await decide(admin, approval?.id, 'approve')).headers.location).toBe(
      '/admin/approvals?ok=approval_approved',
    );
    expect(await status()).toBe('success');
    await admin.post('/admin/approvals/limits', fields);
  });
});

describe('permissions', () => {
  it('lets the roles that decide read approvals and limits; only the admin sets limits', async () => {
    for (const client of [support, finance, admin, auditor]) {
      expect((await client.get('/admin/approvals')).statusCode).toBe(200);
      expect((await client.get('/admin/approvals/limits')).statusCode).toBe(200);
    }
    expect((await marketing.get('/admin/approvals')).statusCode).toBe(403);
    expect((await marketing.get('/admin/approvals/limits')).statusCode).toBe(403);
    expect((await marketing.post('/admin/approvals/1/approve', {})).statusCode).toBe(403);
    for (const client of [support, finance, auditor])
      expect((await client.post('/admin/approvals/limits', { 'support.bonus_grant': '' })).statusCode).toBe(
        403,
      );
    expect((await finance.get('/admin/approvals/limits')).body).not.toContain('Save limits');
    expect((await admin.get('/admin/approvals/limits')).body).toContain('Save limits');
    const { player } = await makePlayer(t.app);
    expect((await marketing.post(`/admin/players/${player.id}/bonuses/grant`, {})).statusCode).toBe(403);
    expect((await support.post(`/admin/players/${player.id}/adjust`, {})).statusCode).toBe(403);
    expect(
      (await support.post('/admin/withdrawals/00000000-0000-0000-0000-000000000000/approve', {})).statusCode,
    ).toBe(403);
  });
});
