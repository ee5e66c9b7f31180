/**
 * The sportsbook desk refuses what it must: roles without the permission (403, audited as denied), unknown events,
 * markets and players, malformed numbers and NUL characters — each a flash on the page, never a 500, and nothing
 * changed.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { fundedClient } from '../../games/play/test-helpers.ts';
import { queryRows } from '../../ledger/sql.ts';
import { feedClient } from '../sportsbook-test-helpers.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
let playerId = 0;
const EVENT = 'desk-in1';
const SUSPEND = `/admin/sportsbook/events/${EVENT}/markets/suspend`;
const SETTLE = `/admin/sportsbook/events/${EVENT}/markets/settle`;
beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
  await feedClient(t.app).football(EVENT, [2, 3, 4]);
  playerId = (await fundedClient(t.app, 10_000n)).player.id;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** The book as it stands: market statuses, settled outcomes, stake factors, audit rows of the desk. */
const snapshot = async () => ({
  markets: await queryRows(
    t.app.ctx.db,
    sql`select market_id, specifiers, status from sb_markets order by 1, 2`,
  ),
  results: await queryRows(
    t.app.ctx.db,
    sql`select count(*)::int as n from sb_outcomes where result is not null`,
  ),
  factors: await queryRows(t.app.ctx.db, sql`select player_id, stake_factor::text from sb_player_limits`),
  audit: await queryRows(
    t.app.ctx.db,
    sql`select count(*)::int as n from operator_audit where action like 'sportsbook.%'`,
  ),
});

describe('the sportsbook desk refuses', () => {
  it('roles without the permission: support and the auditor read, only admin and finance change', async () => {
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    expect((await support.get('/admin/sportsbook')).statusCode).toBe(200);
    const page = await support.get(`/admin/sportsbook/events/${EVENT}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('/markets/suspend');
    expect((await support.post(SUSPEND, { market_id: '1', specifiers: '' })).statusCode).toBe(403);
    const limits = await support.get(`/admin/sportsbook/players/${playerId}`);
    expect(limits.body).not.toContain('stake-factor');
    expect(
      (
        await support.post(`/admin/sportsbook/players/${playerId}/stake-factor`, {
          factor: '5',
          reason: 'x y z',
        })
      ).statusCode,
    ).toBe(403);
    const denied = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.action, 'operator.denied')));
    expect(denied.map((d) => (d.after as { permission: string }).permission)).toEqual(
      expect.arrayContaining(['sportsbook.markets', 'sportsbook.limits']),
    );
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    expect((await auditor.get('/admin/sportsbook/debts')).statusCode).toBe(200);
    expect((await auditor.post(SUSPEND, { market_id: '1', specifiers: '' })).statusCode).toBe(403);
    const marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
    expect((await marketing.get('/admin/sportsbook/bets')).statusCode).toBe(403);
    const finance = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'finance'));
    await finance.get(`/admin/sportsbook/events/${EVENT}`);
    const done = await finance.post(SUSPEND, { market_id: '18', specifiers: 'total=2.5' });
    expect(done.headers.location).toBe(`/admin/sportsbook/events/${EVENT}?ok=market_suspended`);
  });

  it('unknown events, markets and players, and malformed numbers, with a flash and nothing changed', async () => {
    await admin.get(`/admin/sportsbook/events/${EVENT}`);
    const before = await snapshot();
    const cases: [string, Record<string, string | string[]>, string][] = [
      [
        '/admin/sportsbook/events/nope/markets/suspend',
        { market_id: '1' },
        '/admin/sportsbook?error=event_notFound',
      ],
      [
        '/admin/sportsbook/events/bad%20id!/markets/settle',
        { market_id: '1', winners: '1', reason: 'abc', confirm: '1' },
        '/admin/sportsbook?error=event_notFound',
      ],
      [SUSPEND, { market_id: '99', specifiers: '' }, 'market_notFound'],
      [SUSPEND, { market_id: '1', specifiers: 'total=9.5' }, 'market_notFound'],
      [SUSPEND, { market_id: 'abc' }, 'market_notFound'],
      [SUSPEND, { market_id: '1.5' }, 'market_notFound'],
      [SUSPEND, { market_id: '-1' }, 'market_notFound'],
      [SUSPEND, { market_id: '1e3' }, 'market_notFound'],
      [SUSPEND, {}, 'market_notFound'],
      [SETTLE, { market_id: '1', reason: 'abc', confirm: '1' }, 'winners_requiredField'],
      [SETTLE, { market_id: '1', winners: ['1', '77'], reason: 'abc', confirm: '1' }, 'winners_wrongField'],
      [
        SETTLE,
        { market_id: '1', winners: ['1', '2', '3'], reason: 'abc', confirm: '1' },
        'winners_wrongField',
      ],
      [SETTLE, { market_id: '1', winners: '1', reason: ' ', confirm: '1' }, 'reason_requiredField'],
      [SETTLE, { market_id: '1', winners: '1', reason: 'x'.repeat(501), confirm: '1' }, 'reason_maxLength'],
      [SETTLE, { market_id: '1', winners: '1', reason: 'abc' }, 'confirm_requiredField'],
      [SETTLE, { market_id: '1', winners: '1', reason: 'abc', confirm: 'on' }, 'confirm_requiredField'],
      [
        `/admin/sportsbook/players/${playerId}/stake-factor`,
        { factor: 'abc', reason: 'abc' },
        'factor_wrongField',
      ],
      [
        `/admin/sportsbook/players/${playerId}/stake-factor`,
        { factor: '0.5.5', reason: 'abc' },
        'factor_wrongField',
      ],
      [
        `/admin/sportsbook/players/${playerId}/stake-factor`,
        { factor: '1e2', reason: 'abc' },
        'factor_wrongField',
      ],
      [
        `/admin/sportsbook/players/${playerId}/stake-factor`,
        { factor: '-1', reason: 'abc' },
        'factor_wrongField',
      ],
      [
        `/admin/sportsbook/players/${playerId}/stake-factor`,
        { factor: '101', reason: 'abc' },
        'factor_wrongField',
      ],
      [
        `/admin/sportsbook/players/${playerId}/stake-factor`,
        { factor: '0.0001', reason: 'abc' },
        'factor_wrongField',
      ],
      [
        `/admin/sportsbook/players/${playerId}/stake-factor`,
        { factor: '', reason: 'abc' },
        'factor_requiredField',
      ],
      [`/admin/sportsbook/players/${playerId}/stake-factor`, { factor: '2' }, 'reason_requiredField'],
      [
        '/admin/sportsbook/players/999999/stake-factor',
        { factor: '2', reason: 'abc' },
        '/admin/sportsbook?error=id_notFound',
      ],
      [
        '/admin/sportsbook/players/abc/stake-factor',
        { factor: '2', reason: 'abc' },
        '/admin/sportsbook?error=id_notFound',
      ],
    ];
    for (const [path, form, expected] of cases) {
      const response = await admin.post(path, form);
      const location = String(response.headers.location);
      expect([path, form, response.statusCode]).toEqual([path, form, 303]);
      expect([path, form, location]).toEqual([
        path,
        form,
        expected.startsWith('/') ? expected : `${location.split('?')[0]}?error=${expected}`,
      ]);
      const shown = await admin.get(location);
      expect([path, shown.statusCode]).toEqual([path, 200]);
      expect(shown.body).toContain('class="flash flash-error" role="alert"');
    }
    expect(await snapshot()).toEqual(before);
  });

  it('a NUL in a form or an address, with a flash and nothing changed; unknown pages are 404', async () => {
    await admin.get(`/admin/sportsbook/events/${EVENT}`);
    const before = await snapshot();
    const forms: Record<string, string>[] = [
      { market_id: '1', specifiers: '\u0000' },
      { market_id: '1\u0000', specifiers: '' },
      { market_id: '1', specifiers: '', reason: 'a\u0000b' },
    ];
    for (const form of forms) {
      const response = await admin.post(SUSPEND, form);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/admin?error=bad_input');
    }
    // From the page (the browser's Referer): back to it, with the flash.
    const limits = `/admin/sportsbook/players/${playerId}`;
    await admin.get(limits);
    const factor = await admin.postFrom(limits, `${limits}/stake-factor`, {
      factor: '2\u0000',
      reason: 'abc',
    });
    expect(factor.headers.location).toBe(`${limits}?error=bad_input`);
    expect((await admin.get(`${limits}?error=bad_input`)).body).toContain('class="flash flash-error"');
    // With no page to go back to: the first section, with the flash.
    const root = await admin.get('/admin?error=bad_input');
    expect(root.headers.location).toBe('/admin/withdrawals?error=bad_input');
    for (const path of ['/admin/sportsbook?q=a%00b', '/admin/sportsbook/bets?event=x%00y']) {
      const response = await admin.get(path);
      expect(response.statusCode).toBe(303);
      const back = String(response.headers.location);
      expect(back).toBe(`${path.split('?')[0]}?error=bad_input`);
      const shown = await admin.get(back);
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('That request held characters the back-office does not accept');
    }
    expect(await snapshot()).toEqual(before);
    expect((await admin.get('/admin/sportsbook/events/nope')).statusCode).toBe(404);
    expect((await admin.get('/admin/sportsbook/events/%3Cscript%3E')).statusCode).toBe(404);
    expect((await admin.get('/admin/sportsbook/players/999999')).statusCode).toBe(404);
    const filters = await admin.get('/admin/sportsbook?status=everything&sport=Foot%20ball&page=-3');
    expect(filters.statusCode).toBe(200);
    expect(filters.body).toContain('Choose open, live, pre-match, ended or all.');
    expect(filters.body).toContain('That sport is not one the feed sends.');
  });
});
