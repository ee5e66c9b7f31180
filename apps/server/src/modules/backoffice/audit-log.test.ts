/** The audit log: its filters (operator, action, dates, any kind of target) and that it is append-only. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { recordAudit } from './audit-log.ts';
import { makeOperator, signInOperator } from './backoffice-test-helpers.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
let adminEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  const operator = await makeOperator(t.app, 'admin');
  adminEmail = operator.email;
  admin = await signInOperator(t.app, t.clock, operator);
});
afterAll(async () => {
  await t.close();
});

describe('the audit log', () => {
  it('filters by operator, action and date, newest first', async () => {
    const other = await makeOperator(t.app, 'admin');
    const asOther = await signInOperator(t.app, t.clock, other);
    const { player } = await signedInClient(t.app);
    await asOther.post(`/admin/players/${player.id}/sessions/end`);

    const byOperator = await admin.get(`/admin/audit?operator=${encodeURIComponent(other.email)}`);
    expect(byOperator.body).toContain('player.sessions_end');
    const operators = [...byOperator.body.matchAll(/<td data-label="Operator">([^<]+)</g)].map((m) => m[1]);
    expect(operators.length).toBeGreaterThan(0);
    expect(operators.every((e) => e === other.email)).toBe(true);
    expect(operators).not.toContain(adminEmail);
    const byAction = await admin.get('/admin/audit?action=operator.login');
    const logins = byAction.body.match(/<td data-label="Action" class="mono">([^<]+)</g) ?? [];
    expect(logins.length).toBeGreaterThanOrEqual(2);
    expect(logins.every((l) => l.includes('operator.login'))).toBe(true);
    const today = t.app.ctx.providers.clock.now().toISOString().slice(0, 10);
    expect((await admin.get(`/admin/audit?from=${today}&to=${today}`)).body).toContain('player.sessions_end');
    expect((await admin.get('/admin/audit?to=2000-01-01')).body).toContain('No recorded actions match.');
  });

  it('offers every kind of target recorded so far in the target filter, not only players', async () => {
    await recordAudit(
      t.app.ctx.db,
      { id: null, email: adminEmail, ip: null },
      { action: 'jackpot.update', target: { type: 'jackpot', id: 7 }, at: t.clock.now() },
    );
    const page = (await admin.get('/admin/audit')).body;
    const targets = /<select id="f-type"[^>]*>([\s\S]*?)<\/select>/.exec(page)?.[1] ?? '';
    expect(targets).toContain('<option value="jackpot"');
    expect(targets).toContain('<option value="operator"');
    const chosen = (await admin.get('/admin/audit?target_type=jackpot')).body;
    expect(chosen).toContain('<option value="jackpot" selected');
    expect(chosen).toContain('jackpot.update');
  });

  it('ignores a day that is no calendar day instead of failing', async () => {
    for (const q of ['from=2026-13-45', 'from=0000-01-01', 'to=2026-02-31', 'to=9999-12-31']) {
      const page = await admin.get(`/admin/audit?${q}`);
      expect(page.statusCode, q).toBe(200);
      expect(page.body).toContain('operator.login');
    }
  });

  it('is append-only in the database', async () => {
    await expect(t.app.ctx.db.execute(sql`update operator_audit set reason = 'edited'`)).rejects.toThrow();
    await expect(t.app.ctx.db.execute(sql`delete from operator_audit`)).rejects.toThrow();
  });
});
