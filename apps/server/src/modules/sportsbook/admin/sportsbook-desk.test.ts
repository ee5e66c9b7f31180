/**
 * The sportsbook desk through its pages: events with liability, suspend / resume (the player's bet refused, then
 * taken), settling, correcting and voiding by hand with the ledger checked, the debt a correction leaves, bets
 * search, and a player's stake factor — each change audited.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { fundedClient } from '../../games/play/test-helpers.ts';
import { HOUSE } from '../../ledger/accounts.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { getBalances } from '../../ledger/balances.ts';
import { postTransaction } from '../../ledger/post-transaction.ts';
import { betRow, feedClient } from '../sportsbook-test-helpers.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
let feed: ReturnType<typeof feedClient>;
beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
  feed = feedClient(t.app);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

type TClient = Awaited<ReturnType<typeof fundedClient>>['client'];
let uuid = 0;
const place = async (client: TClient, event: string, outcome: string, odds: number, stake = '10') => {
  const answer = await client.post('sportsbook.placeBet', {
    selections: JSON.stringify([
      { event_id: event, market_id: 1, specifiers: '', outcome_id: outcome, odds },
    ]),
    type: 'single',
    stake,
    bet_uuid: `desk-${uuid++}`,
  });
  return answer as {
    data: { bets: { id: number }[] } | null;
    error: { error_data: Record<string, unknown> } | null;
  };
};
const mainOf = async (playerId: number) => (await getBalances(t.app.ctx.db, playerId)).main;
const auditRows = (action: string, targetId?: string) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(
      targetId
        ? and(eq(operatorAudit.action, action), eq(operatorAudit.targetId, targetId))
        : eq(operatorAudit.action, action),
    );
const market1 = (extra: Record<string, string | string[]> = {}) => ({
  market_id: '1',
  specifiers: '',
  ...extra,
});

describe('the sportsbook desk', () => {
  it('lists events with their open bets and liability, and each outcome on the event page', async () => {
    await feed.football('desk-l1', [2, 3, 4]);
    const { client } = await fundedClient(t.app, 10_000n);
    expect((await place(client, 'desk-l1', '1', 2)).error).toBeNull();
    expect((await place(client, 'desk-l1', '3', 4, '7.50')).error).toBeNull();
    expect((await place(client, 'desk-l1', '3', 4, '2.50')).error).toBeNull();
    const list = await admin.get('/admin/sportsbook?q=desk-l1');
    expect(list.statusCode).toBe(200);
    const row = /<tr data-event="desk-l1">([\s\S]*?)<\/tr>/.exec(list.body)?.[1] ?? '';
    expect(row).toContain('Home desk-l1 v Away desk-l1');
    expect(row).toMatch(/data-label="Open bets" class="num">3</);
    expect(row).toContain('$20.00'); // stakes 10 + 7.50 + 2.50
    expect(row).toContain('<strong>$40.00</strong>'); // outcome 3: (7.50 + 2.50) × 4
    expect(list.body).toContain('<a href="/admin/sportsbook" aria-current="page">Sportsbook</a>');
    const risky = await admin.get('/admin/sportsbook?status=all&order=liability');
    expect(/<tr data-event="([^"]+)">/.exec(risky.body)?.[1]).toBe('desk-l1');
    expect(risky.body).toContain('<option value="liability" selected>');
    const page = await admin.get('/admin/sportsbook/events/desk-l1');
    expect(page.statusCode).toBe(200);
    const outcome = (id: string) =>
      new RegExp(`<tr data-outcome="${id}">([\\s\\S]*?)</tr>`).exec(
        page.body.split('data-market="18/')[0] ?? '',
      )?.[1];
    expect(outcome('1')).toMatch(/Open bets" class="num">1<[\s\S]*\$20\.00/);
    expect(outcome('2')).toMatch(/Open bets" class="num">0<[\s\S]*\$0\.00/);
    expect(outcome('3')).toMatch(/Open bets" class="num">2<[\s\S]*\$40\.00/);
    expect(page.body).toContain('Total 2.5');
  });

  it('suspends a market (bets refused) and resumes it (bets taken), audited once each', async () => {
    await feed.football('desk-s1', [2, 3, 4]);
    const { client } = await fundedClient(t.app, 10_000n);
    const done = await admin.post('/admin/sportsbook/events/desk-s1/markets/suspend', market1());
    expect(done.headers.location).toBe('/admin/sportsbook/events/desk-s1?ok=market_suspended');
    const shown = await admin.get(String(done.headers.location));
    expect(shown.body).toContain('Market suspended: no bets are taken on it until it is resumed.');
    expect(shown.body).toContain('aria-label="Resume 1X2"');
    expect((await place(client, 'desk-s1', '1', 2)).error?.error_data.invalid_parameters).toEqual({
      selections: 'marketSuspended',
    });
    // A second click changes nothing and writes no second entry.
    await admin.post('/admin/sportsbook/events/desk-s1/markets/suspend', market1());
    const target = 'desk-s1/1/';
    expect((await auditRows('sportsbook.market_suspend', target)).map((a) => [a.before, a.after])).toEqual([
      [{ status: 'active' }, { status: 'suspended' }],
    ]);
    const resumed = await admin.post('/admin/sportsbook/events/desk-s1/markets/resume', market1());
    expect(resumed.headers.location).toBe('/admin/sportsbook/events/desk-s1?ok=market_resumed');
    expect((await place(client, 'desk-s1', '1', 2)).error).toBeNull();
    expect((await auditRows('sportsbook.market_resume', target)).length).toBe(1);
  });

  it('settles or voids only with the confirmation ticked: without it nothing moves', async () => {
    await feed.football('desk-c1', [2, 3, 4]);
    const { client, player } = await fundedClient(t.app, 10_000n);
    const [bet] = (await place(client, 'desk-c1', '1', 2)).data?.bets ?? [];
    const page = await admin.get('/admin/sportsbook/events/desk-c1');
    const panel = /<section class="panel" data-market="1\/"[\s\S]*?<\/section>/.exec(page.body)?.[0] ?? '';
    // One on the settle form, one on the void form.
    expect(panel.match(/<input type="checkbox" name="confirm" value="1" required>/g)).toHaveLength(2);
    for (const [action, form] of [
      ['settle', market1({ winners: ['1'], reason: 'Result confirmed' })],
      ['void', market1({ reason: 'Match abandoned' })],
      ['void', market1({ reason: 'Match abandoned', confirm: 'yes' })],
    ] as const) {
      const refused = await admin.post(`/admin/sportsbook/events/desk-c1/markets/${action}`, form);
      expect(refused.headers.location).toBe('/admin/sportsbook/events/desk-c1?error=confirm_requiredField');
    }
    await t.app.ctx.jobs.drain();
    expect(await betRow(t.app, bet?.id ?? 0)).toMatchObject({ status: 'open', settle_count: 0 });
    expect(await mainOf(player.id)).toBe(9_000n);
    expect(await auditRows('sportsbook.market_settle', 'desk-c1/1/')).toEqual([]);
    expect(await auditRows('sportsbook.market_void', 'desk-c1/1/')).toEqual([]);
    const shown = await admin.get('/admin/sportsbook/events/desk-c1?error=confirm_requiredField');
    expect(shown.body).toContain('Tick the confirmation: settling or voiding moves every bet on the market.');
  });

  it('settles by hand as the feed would, corrects it (spent winnings become a debt) and voids', async () => {
    await feed.football('desk-m1', [2, 3, 4]);
    const { client, player } = await fundedClient(t.app, 10_000n);
    const [won] = (await place(client, 'desk-m1', '1', 2)).data?.bets ?? [];
    const [lost] = (await place(client, 'desk-m1', '3', 4, '5')).data?.bets ?? [];
    expect(await mainOf(player.id)).toBe(8_500n);
    const settled = await admin.post(
      '/admin/sportsbook/events/desk-m1/markets/settle',
      market1({
        winners: ['1'],
        reason: 'Feed lost the result; 2-0 per the league site',
        confirm: '1',
        override: '1',
      }),
    );
    expect(settled.headers.location).toBe('/admin/sportsbook/events/desk-m1?ok=market_settled');
    await t.app.ctx.jobs.drain();
    expect(await betRow(t.app, won?.id ?? 0)).toMatchObject({ status: 'won', settle_count: 1 });
    expect(await betRow(t.app, lost?.id ?? 0)).toMatchObject({ status: 'lost' });
    expect(await mainOf(player.id)).toBe(10_500n);
    const [audit] = await auditRows('sportsbook.market_settle', 'desk-m1/1/');
    expect(audit?.after).toEqual({
      settlement: { '1': 'won', '2': 'lost', '3': 'lost' },
      override: 'event_not_started',
    });
    expect(audit?.reason).toBe('Feed lost the result; 2-0 per the league site');
    const page = await admin.get('/admin/sportsbook/events/desk-m1');
    expect(page.body).toContain('Correct the settlement…');
    expect(page.body).not.toContain('aria-label="Suspend 1X2"');

    // The player spends the winnings; the operator corrects the result: 3 won, not 1.
    await postTransaction(t.app.ctx.db, {
      idempotencyKey: `desk-spend-${player.id}`,
      kind: 'test.spend',
      entries: [
        { account: { playerId: player.id, kind: 'main' }, amount: -10_000n },
        { account: HOUSE.payments, amount: 10_000n },
      ],
    });
    await admin.post(
      '/admin/sportsbook/events/desk-m1/markets/settle',
      market1({ winners: ['3'], reason: 'Correction: the away side won 1-2', confirm: '1', override: '1' }),
    );
    await t.app.ctx.jobs.drain();
    expect(await betRow(t.app, won?.id ?? 0)).toMatchObject({ status: 'lost', settle_count: 2 });
    expect(await betRow(t.app, lost?.id ?? 0)).toMatchObject({ status: 'won' });
    // 500 left, 2,000 taken back (500 from main, 1,500 owed), then 2,000 paid for the other bet.
    expect(await mainOf(player.id)).toBe(2_000n);
    const debts = await admin.get('/admin/sportsbook/debts');
    const debtRow = /<tr data-debt="\d+">([\s\S]*?)<\/tr>/.exec(debts.body)?.[1] ?? '';
    expect(debtRow).toContain(`#${player.id}`);
    expect(debtRow).toContain(`#${won?.id}`);
    expect(debtRow).toContain('$15.00');
    expect(debts.body).toMatch(/Owed in total<\/dt><dd>\$15\.00/);
    const limits = await admin.get(`/admin/sportsbook/players/${player.id}`);
    expect(limits.body).toMatch(/Owed<\/dt><dd>\$15\.00/);

    // Void: every stake back, whatever was paid before.
    await feed.football('desk-v1', [2, 3, 4]);
    const [voided] = (await place(client, 'desk-v1', '2', 3)).data?.bets ?? [];
    expect(await mainOf(player.id)).toBe(1_000n);
    const done = await admin.post(
      '/admin/sportsbook/events/desk-v1/markets/void',
      market1({ reason: 'Match abandoned', confirm: '1' }),
    );
    expect(done.headers.location).toBe('/admin/sportsbook/events/desk-v1?ok=market_voided');
    await t.app.ctx.jobs.drain();
    const voidedRow = await betRow(t.app, voided?.id ?? 0);
    expect([voidedRow?.status, Number(voidedRow?.payout)]).toEqual(['void', 1000]);
    expect(await mainOf(player.id)).toBe(2_000n);
    expect((await auditRows('sportsbook.market_void', 'desk-v1/1/'))[0]?.after).toEqual({
      settlement: { '1': 'void', '2': 'void', '3': 'void' },
    });
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('finds bets by player, event, status and id, with their legs', async () => {
    await feed.football('desk-b1', [2, 3, 4]);
    await feed.football('desk-b2', [2, 3, 4]);
    const { client, player } = await fundedClient(t.app, 10_000n);
    const [a] = (await place(client, 'desk-b1', '1', 2)).data?.bets ?? [];
    const [b] = (await place(client, 'desk-b2', '2', 3)).data?.bets ?? [];
    await feed.settle1x2('desk-b2', '2');
    const ids = (body: string) => [...body.matchAll(/<tr data-bet="(\d+)">/g)].map((m) => Number(m[1]));
    expect(ids((await admin.get(`/admin/sportsbook/bets?player=${player.id}`)).body)).toEqual([b?.id, a?.id]);
    expect(ids((await admin.get('/admin/sportsbook/bets?event=desk-b1')).body)).toEqual([a?.id]);
    expect(ids((await admin.get(`/admin/sportsbook/bets?player=${player.id}&status=won`)).body)).toEqual([
      b?.id,
    ]);
    const one = await admin.get(`/admin/sportsbook/bets?bet=%23${a?.id}`);
    expect(ids(one.body)).toEqual([a?.id]);
    expect(one.body).toContain(
      'Home desk-b1 v Away desk-b1</a> · 1X2 · <strong>Home desk-b1</strong> @ 2.00',
    );
    const bad = await admin.get('/admin/sportsbook/bets?bet=12abc&status=winning');
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('A bet id is a number, e.g. 1042.');
    expect(bad.body).toContain('Choose one of the bet statuses.');
  });

  it("changes a player's stake factor: the limits follow, the change is audited", async () => {
    await feed.football('desk-f1', [2, 3, 4]);
    const { client, player } = await fundedClient(t.app, 1_000_000n);
    const playerPage = await admin.get(`/admin/players/${player.id}`);
    expect(playerPage.body).toContain(`<a href="/admin/sportsbook/players/${player.id}">`);
    const before = await admin.get(`/admin/sportsbook/players/${player.id}`);
    expect(before.body).toMatch(/Most per bet<\/dt><dd>\$5,000\.00/);
    const saved = await admin.post(`/admin/sportsbook/players/${player.id}/stake-factor`, {
      factor: '0.01',
      reason: 'Sharp bettor',
    });
    expect(saved.headers.location).toBe(`/admin/sportsbook/players/${player.id}?ok=stake_factor_saved`);
    const after = await admin.get(String(saved.headers.location));
    expect(after.body).toContain('Stake factor saved: the player&#39;s next bets follow it.');
    expect(after.body).toMatch(/Most per bet<\/dt><dd>\$50\.00/);
    expect(after.body).toMatch(/Most open per event<\/dt><dd>\$100\.00/);
    expect((await place(client, 'desk-f1', '1', 2, '51')).error?.error_data.invalid_parameters).toEqual({
      stake: 'stakeTooHigh',
    });
    expect((await place(client, 'desk-f1', '1', 2, '50')).error).toBeNull();
    const [audit] = await auditRows('sportsbook.stake_factor', String(player.id));
    expect([audit?.before, audit?.after, audit?.reason]).toEqual([
      { stake_factor: 1 },
      { stake_factor: 0.01 },
      'Sharp bettor',
    ]);
  });
});
