/** The players area: search, the player's page, ban and unban (audited), ending a player's sessions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSessions } from '../../../platform/session.ts';
import { signedInClient } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  const operator = await makeOperator(t.app, 'admin');
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
