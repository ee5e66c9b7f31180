import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { gameDims } from '../../games/catalogue/game-dims.ts';
import { HOUSE } from '../../ledger/accounts.ts';
import { postTransaction } from '../../ledger/post-transaction.ts';
import { walletService } from '../../wallet/wallet-service.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
let playerId = 0;
let game = '';
beforeAll(async () => {
  t = await createTestApp();
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
  const { player } = await makePlayer(t.app, { countryCode: 'DE' });
  playerId = player.id;
  await postTransaction(t.app.ctx.db, {
    idempotencyKey: `dep-${player.id}`,
    kind: 'deposit',
    entries: [
      { account: { playerId: player.id, kind: 'main' }, amount: 10_000n },
      { account: HOUSE.payments, amount: -10_000n },
    ],
    at: t.clock.now(),
  });
  game = [...(await gameDims(t.app.ctx.db)).keys()][0] ?? '';
  const { token } = await walletService.openSession(t.app.ctx, { playerId: player.id, game, mode: 'real' });
  await walletService.bet(t.app.ctx, { session: token, transactionId: 'b1', roundId: 'r1', amount: 2_500n });
  await walletService.win(t.app.ctx, { session: token, transactionId: 'w1', roundId: 'r1', amount: 1_000n });
});
afterAll(async () => {
  await t?.close();
});

describe('the report dashboard', () => {
  it('recomputes a day on request (audited) and shows its figures, charts and RTP per game', async () => {
    const done = await admin.post('/admin/reports/recompute', { day: '2026-11-21' });
    expect(done.statusCode).toBe(303);
    const page = await admin.get(String(done.headers.location));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The day is recomputed from the ledger.');
    expect(page.body).toContain('$15.00'); // GGR: 25.00 staked, 10.00 won
    expect(page.body).toContain('$100.00'); // the deposit
    expect(page.body).toContain('<svg');
    expect(page.body).toContain(`data-game="${game}"`);
    expect(page.body).toContain('<thead><tr><th scope="col">Day</th>');
    const audit = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'reports.recompute'));
    expect(audit.map((a) => a.targetId)).toEqual(['2026-11-21']);
  });

  it('exports every table as CSV with the same figures', async () => {
    const periods = await admin.get('/admin/reports/export.csv?from=2026-11-21&to=2026-11-21&table=periods');
    expect(periods.headers['content-type']).toContain('text/csv');
    const lines = periods.body.trim().split('\r\n');
    expect(lines[0]).toContain('period,active_players,registrations');
    expect(
      lines[0]?.endsWith(',open_bets,voided_stakes,player_balances_open,player_balances_close,difference'),
    ).toBe(true);
    // Balances: 0.00 at the start, 100.00 − 25.00 + 10.00 at the end, reconciled.
    expect(lines[1]).toBe(
      '2026-11-21,1,1,1,100.00,100.00,1,0.00,25.00,10.00,15.00,0.00,0.00,15.00,60.00,0.00,0.00,0.00,0.00,85.00,0.00',
    );
    expect(lines.at(-1)?.startsWith('total,1,1,1,')).toBe(true);
    const games = await admin.get('/admin/reports/export.csv?from=2026-11-21&to=2026-11-21&table=games');
    expect(games.body.split('\r\n')[1]?.startsWith(`${game},`)).toBe(true);
    expect(games.body).toContain(',1,25.00,10.00,15.00,40.00,');
  });

  it('draws the players’ balances as a table that stacks into labelled cards on a phone', async () => {
    // Its own recompute, so it runs alone too (-t).
    expect((await admin.post('/admin/reports/recompute', { day: '2026-11-21' })).statusCode).toBe(303);
    const page = await admin.get('/admin/reports?from=2026-11-21&to=2026-11-21&period=day');
    const table = /<table class="report balances cards">[\s\S]*?<\/table>/.exec(page.body)?.[0] ?? '';
    expect(table, 'the balances table is a table.cards (admin.css stacks it under 861 px)').not.toBe('');
    // Still a table to a screen reader: its column heads and each row's head.
    const heads = [...table.matchAll(/<th scope="col"[^>]*>([^<]*)<\/th>/g)].map((m) => m[1]);
    expect(heads).toEqual(['Movement', 'Real money', 'Bonus money', 'Player balances', 'Count']);
    expect(table).toContain('<th scope="row">Balances at the start of 2026-11-21</th>');
    // Every figure names its column (the card's label); the cells without one are empty (:empty leaves them out).
    const cells = [...table.matchAll(/<td([^>]*)>([\s\S]*?)<\/td>/g)];
    expect(cells.length).toBeGreaterThan(8);
    for (const [cell, attrs = '', text] of cells) {
      if (text === '') continue;
      const label = /data-label="([^"]*)"/.exec(attrs)?.[1];
      expect(heads.slice(1), cell).toContain(label);
    }
    // The three sums (start, end, difference) show their one figure under "Player balances", $85.00 at the end.
    expect(table).toMatch(/<td data-label="Player balances" class="num">\$85\.00<\/td>/);
    expect(table).toMatch(/<tfoot><tr class="total"><th scope="row">Difference<\/th><td><\/td><td><\/td>/);
  });

  it('names a bad filter instead of failing, and keeps the play filters apart from the cashier', async () => {
    const bad = await admin.get('/admin/reports?from=yesterday&period=year&currency=dollars');
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('“From” must be a date');
    expect(bad.body).toContain('Choose day, week or month.');
    for (const q of ['from=2026-02-31', 'from=0000-01-01&to=0001-01-01', 'to=2026-13-45']) {
      const impossible = await admin.get(`/admin/reports?${q}`);
      expect(impossible.statusCode, q).toBe(200);
      expect(impossible.body).toMatch(/“(From|To)” must be a date/);
    }
    for (const day of ['2026-02-31', '0000-01-01']) {
      const recompute = await admin.post('/admin/reports/recompute', { day });
      expect(recompute.statusCode, day).toBe(303);
      expect(recompute.headers.location).toBe('/admin/reports?error=day');
    }
    const filtered = await admin.get(
      `/admin/reports?from=2026-11-21&to=2026-11-21&product=casino&game=${game}`,
    );
    expect(filtered.body).toContain('deposits and withdrawals belong to no game or product');
    const betting = await admin.get('/admin/reports?from=2026-11-21&to=2026-11-21&product=betting');
    expect(betting.body).toContain('No rounds in this range.');
  });

  it('says there is nothing to chart in a range without figures instead of drawing empty axes', async () => {
    const empty = await admin.get('/admin/reports?from=2020-01-01&to=2020-01-31');
    expect(empty.body).toContain('No figures in this range to chart.');
    expect(empty.body).not.toContain('class="chart-grid"');
    expect(empty.body).toContain('<p class="empty">No figures in this range.</p>');
    expect(empty.body).toContain('<p class="empty">No rounds in this range.</p>');
  });

  it("shows a player's lifetime value on the player's page", async () => {
    const page = await admin.get(`/admin/players/${playerId}`);
    expect(page.body).toContain('Lifetime value');
    expect(page.body).toMatch(/NGR \(lifetime value\)<\/dt><dd>\$15\.00/);
  });

  it('is closed to roles without reports', async () => {
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    expect((await support.get('/admin/reports')).statusCode).toBe(403);
    expect((await support.get('/admin/reports/export.csv')).statusCode).toBe(403);
    expect((await support.get(`/admin/players/${playerId}`)).body).not.toContain('Lifetime value');
    const finance = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'finance'));
    expect((await finance.get('/admin/reports')).statusCode).toBe(200);
    expect((await finance.post('/admin/reports/recompute', { day: '2026-11-21' })).statusCode).toBe(403);
  });
});
