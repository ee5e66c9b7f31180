/**
 * Operators managed from the back-office (issue 40): an admin creates one (a password shown once, the TOTP enrolled
 * at the first sign-in), disables one, resets a password or a TOTP (their sessions end); only admins may; all
 * audited without secrets. The audit log exported as CSV by date range, operator and action, with money as money.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { recordAudit } from './audit-log.ts';
import { adminClient, currentCode, makeOperator, signInOperator } from './backoffice-test-helpers.ts';
import { operatorSessions, operators } from './schema.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
let adminEmail = '';
beforeAll(async () => {
  t = await createTestApp();
  const operator = await makeOperator(t.app, 'admin');
  adminEmail = operator.email;
  admin = await signInOperator(t.app, t.clock, operator);
});
afterAll(async () => {
  await t.close();
});

const passwordOn = (body: string) =>
  /<code class="secret" data-password>([^<]+)<\/code>/.exec(body)?.[1] ?? '';
const operatorByEmail = async (email: string) =>
  (await t.app.ctx.db.select().from(operators).where(eq(operators.email, email)))[0];

/** Signs in with a password and answers where the first step sends the operator. */
const passwordStep = async (email: string, password: string) => {
  const client = adminClient(t.app);
  const login = await client.postRaw('/admin/login', { email, password });
  return { client, location: login.headers.location, status: login.statusCode };
};

describe('operators from the back-office', () => {
  it('creates an operator whose password works once handed over and who enrols a TOTP at first sign-in', async () => {
    await admin.get('/admin/operators');
    const created = await admin.post('/admin/operators', {
      email: 'New.Support@Ops.Example.com',
      name: 'Nia Support',
      role: 'support',
    });
    expect(created.statusCode).toBe(200);
    expect(created.body).toContain('Operator created');
    const password = passwordOn(created.body);
    expect(password).toMatch(/^[\w-]{24}$/);
    const row = await operatorByEmail('new.support@ops.example.com');
    expect(row?.role).toBe('support');
    expect(row?.totpConfirmedAt).toBeNull();
    const first = await passwordStep('new.support@ops.example.com', password);
    expect(first.location).toBe('/admin/enrol');
    // Refused: a taken e-mail, a bad e-mail, an unknown role.
    const taken = await admin.post('/admin/operators', {
      email: 'new.support@ops.example.com',
      role: 'support',
    });
    expect(taken.headers.location).toBe('/admin/operators?error=email_taken');
    const bad = await admin.post('/admin/operators', { email: 'not-an-email', role: 'support' });
    expect(bad.headers.location).toBe('/admin/operators?error=email_wrongField');
    const role = await admin.post('/admin/operators', { email: 'x@ops.example.com', role: 'root' });
    expect(role.headers.location).toBe('/admin/operators?error=role_wrongField');
    // Audited, without the password.
    const log = await admin.get(`/admin/audit?action=operator.create&target_id=${row?.id}`);
    expect(log.body).toContain('role: support');
    expect(log.body).not.toContain(password);
  });

  it('resets a password: the old one stops working, the operator’s sessions end, the new one is shown once', async () => {
    const other = await makeOperator(t.app, 'finance');
    const signedIn = await signInOperator(t.app, t.clock, other);
    expect((await signedIn.get('/admin/withdrawals')).statusCode).toBe(200);
    await admin.get('/admin/operators');
    const reset = await admin.post(`/admin/operators/${other.id}/reset-password`);
    expect(reset.statusCode).toBe(200);
    const password = passwordOn(reset.body);
    expect(password).toHaveLength(24);
    // Signed out everywhere.
    expect((await signedIn.get('/admin/withdrawals')).headers.location).toBe('/admin/login');
    expect((await passwordStep(other.email, 'operator-password-1')).status).toBe(401);
    expect((await passwordStep(other.email, password)).location).toBe('/admin/login/code');
    const log = await admin.get(`/admin/audit?action=operator.reset_password&target_id=${other.id}`);
    expect(log.body).toContain('operator.reset_password');
    expect(log.body).not.toContain(password);
  });

  it('resets a TOTP: the old authenticator no longer signs in, the next sign-in enrols a new one', async () => {
    const other = await makeOperator(t.app, 'support');
    await signInOperator(t.app, t.clock, other);
    await admin.get('/admin/operators');
    const reset = await admin.post(`/admin/operators/${other.id}/reset-totp`);
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain('TOTP reset');
    expect(passwordOn(reset.body)).toBe('');
    const row = await operatorByEmail(other.email);
    expect(row?.totpConfirmedAt).toBeNull();
    expect(
      await t.app.ctx.db.select().from(operatorSessions).where(eq(operatorSessions.operatorId, other.id)),
    ).toHaveLength(0);
    const { client, location } = await passwordStep(other.email, 'operator-password-1');
    expect(location).toBe('/admin/enrol');
    await client.get('/admin/enrol');
    // The old secret's code is not the new one's.
    const old = await client.post('/admin/enrol', { code: currentCode(t.app, other.totpSecret, t.clock) });
    expect(old.statusCode).toBe(401);
  });

  it('disables an operator (audited) and lets only admins manage operators, never themselves', async () => {
    const other = await makeOperator(t.app, 'marketing');
    const session = await signInOperator(t.app, t.clock, other);
    await admin.get('/admin/operators');
    const off = await admin.post(`/admin/operators/${other.id}/status`, { status: 'disabled' });
    expect(off.headers.location).toBe('/admin/operators?ok=operator_status');
    expect((await session.get('/admin/games')).headers.location).toBe('/admin/login');
    const self = await admin.post(
      `/admin/operators/${(await operatorByEmail(adminEmail))?.id}/reset-password`,
    );
    expect(self.headers.location).toBe('/admin/operators?error=id_self');
    const finance = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'finance'));
    expect((await finance.get('/admin/operators')).statusCode).toBe(403);
    expect(
      (await finance.post('/admin/operators', { email: 'f@ops.example.com', role: 'admin' })).statusCode,
    ).toBe(403);
    expect((await finance.post(`/admin/operators/${other.id}/reset-password`)).statusCode).toBe(403);
    expect(await operatorByEmail('f@ops.example.com')).toBeUndefined();
  });
});

describe('the audit log export', () => {
  it('exports the filtered entries as CSV with money as money, and records the export', async () => {
    const at = (day: string) => new Date(`${day}T10:00:00Z`);
    const actor = { id: null, email: 'cashier.bot@ops.example.com', ip: '10.9.9.9' };
    await recordAudit(t.app.ctx.db, actor, {
      action: 'balance.credit',
      target: { type: 'player', id: 77 },
      before: { balance: '1000', currency: 'EUR' },
      after: { balance: '251000', amount: '250000', currency: 'EUR' },
      reason: 'Goodwill, ticket 12',
      at: at('2026-03-02'),
    });
    await recordAudit(t.app.ctx.db, actor, {
      action: 'balance.credit',
      after: { amount: '1' },
      at: at('2026-04-02'),
    });
    await recordAudit(t.app.ctx.db, actor, {
      action: 'player.ban',
      after: { status: 'banned' },
      at: at('2026-03-03'),
    });
    const csv = await admin.get(
      '/admin/audit/export.csv?operator=cashier.bot&action=balance.credit&from=2026-03-01&to=2026-03-31',
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,operator,action,target_type,target_id,before,after,reason,ip');
    expect(lines).toHaveLength(2); // the header and one entry (its quoted cells hold their own line breaks)
    expect(csv.body).toContain(
      '2026-03-02T10:00:00.000Z,cashier.bot@ops.example.com,balance.credit,player,77',
    );
    expect(csv.body).toContain('"balance: €10.00\ncurrency: EUR"');
    expect(csv.body).toContain('"amount: €2,500.00\nbalance: €2,510.00\ncurrency: EUR"');
    expect(csv.body).toContain('Goodwill, ticket 12');
    // The page shows the same money, and offers the export of what it shows.
    const page = await admin.get('/admin/audit?operator=cashier.bot&action=balance.credit');
    expect(page.body).toContain('amount: €2,500.00');
    expect(page.body).toContain(
      'href="/admin/audit/export.csv?operator=cashier.bot&amp;action=balance.credit"',
    );
    const log = await admin.get('/admin/audit?action=audit.export');
    expect(log.body).toContain('from: 2026-03-01');
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    expect((await support.get('/admin/audit/export.csv')).statusCode).toBe(403);
  });
});
