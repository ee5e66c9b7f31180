import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSessions } from '../../platform/session.ts';
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

describe('player search and view', () => {
  it('finds a player by id, login, e-mail and phone', async () => {
    const { player } = await signedInClient(t.app, {
      login: 'searchable_jane',
      email: 'jane.search@example.com',
      phone: '447700900123',
    });
    for (const q of [
      `#${player.id}`,
      String(player.id),
      'SEARCHABLE_jane',
      'jane.search@',
      '+44 7700 900123',
    ]) {
      const page = await admin.get(`/admin/players?q=${encodeURIComponent(q)}`);
      expect(page.body, q).toContain(`href="/admin/players/${player.id}"`);
    }
    const none = await admin.get('/admin/players?q=nobody-at-all');
    expect(none.body).toContain('No player matches');
  });

  it('shows balances, sessions and the ledger of a player, and 404 for an unknown one', async () => {
    const { player } = await signedInClient(t.app);
    const page = await admin.get(`/admin/players/${player.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Balances');
    expect(page.body).toContain('1 active');
    expect(page.body).toContain('No deposit limit');
    expect(page.body).toContain('Ledger entries');
    expect((await admin.get('/admin/players/99999999')).statusCode).toBe(404);
  });
});

describe('player actions', () => {
  it('bans with a reason (signing the player out), unbans, and audits both with before and after', async () => {
    const { player, client } = await signedInClient(t.app);
    const noReason = await admin.post(`/admin/players/${player.id}/ban`, { reason: '' });
    expect(noReason.headers.location).toBe(`/admin/players/${player.id}?error=reason_requiredField`);

    const ban = await admin.post(`/admin/players/${player.id}/ban`, { reason: 'Multi-accounting' });
    expect(ban.headers.location).toBe(`/admin/players/${player.id}?ok=banned`);
    expect(await countSessions(t.app.ctx.db, player.id)).toBe(0);
    const refused = await client.post('cashier.getdepositsettings');
    expect(refused.error).not.toBeNull();

    const unban = await admin.post(`/admin/players/${player.id}/unban`, { reason: 'Appeal accepted' });
    expect(unban.headers.location).toBe(`/admin/players/${player.id}?ok=unbanned`);

    const log = await admin.get(`/admin/audit?target_type=player&target_id=${player.id}`);
    expect(log.body).toContain('player.ban');
    expect(log.body).toContain('player.unban');
    expect(log.body).toContain('Multi-accounting');
    expect(log.body).toContain('status: active');
    expect(log.body).toContain('status: banned');
  });

  it('ends all sessions of a player and audits it', async () => {
    const { player } = await signedInClient(t.app);
    expect(await countSessions(t.app.ctx.db, player.id)).toBe(1);
    // The session as a card on a phone: each value under its column's name.
    const shown = await admin.get(`/admin/players/${player.id}`);
    expect(shown.body).toMatch(/<table class="cards">\s*<thead><tr><th scope="col">Last seen<\/th>/);
    expect(shown.body).toContain('<td data-label="IP" class="mono">');
    const r = await admin.post(`/admin/players/${player.id}/sessions/end`);
    expect(r.headers.location).toBe(`/admin/players/${player.id}?ok=sessions_ended`);
    expect(await countSessions(t.app.ctx.db, player.id)).toBe(0);
    const log = await admin.get(`/admin/audit?action=player.sessions_end&target_id=${player.id}`);
    expect(log.body).toContain('sessions: 1');
  });
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
