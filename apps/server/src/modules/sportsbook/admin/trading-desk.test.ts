/**
 * The trading desk (issue 40): the bet list with names, its filters and CSV; settling before the start only with
 * an override and a reason; one market state after a desk settlement and a restart; margins and stake limits per
 * sport and market, applied to the offered odds and to bet acceptance, each change audited.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { fundedClient } from '../../games/play/test-helpers.ts';
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
const place = async (
  client: TClient,
  event: string,
  outcome: string,
  odds: number,
  stake = '10',
  market = { id: 1, specifiers: '' },
) =>
  (await client.post('sportsbook.placeBet', {
    selections: JSON.stringify([
      { event_id: event, market_id: market.id, specifiers: market.specifiers, outcome_id: outcome, odds },
    ]),
    type: 'single',
    stake,
    bet_uuid: `td-${uuid++}`,
  })) as { data: { bets: { id: number }[] } | null; error: { error_data: Record<string, unknown> } | null };
const auditRows = (action: string, targetId: string) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.action, action), eq(operatorAudit.targetId, targetId)));
const settleForm = (extra: Record<string, string | string[]> = {}) => ({
  market_id: '1',
  specifiers: '',
  winners: ['1'],
  reason: 'Result from the league site',
  confirm: '1',
  ...extra,
});
const ids = (body: string) => [...body.matchAll(/<tr data-bet="(\d+)">/g)].map((m) => Number(m[1]));

describe('the trading desk', () => {
  it('lists bets with event, market, outcome and player names; filters by date, sport, event, player, status; CSV', async () => {
    await feed.football('td-b1', [2, 3, 4]);
    const { client, player } = await fundedClient(t.app, 10_000n);
    const [a] = (await place(client, 'td-b1', '2', 3)).data?.bets ?? [];
    // The football bet was placed two days before the tennis one.
    await t.app.ctx.db.execute(
      sql`update sb_bets set placed_at = ${new Date('2026-11-19T12:00:00Z')} where id = ${a?.id ?? 0}`,
    );
    await feed.ok({
      type: 'fixture',
      event_id: 'td-t1',
      sport: 'tennis',
      tournament: 'Test Open',
      competitors: [
        { id: 'p1', name: 'Ann Court' },
        { id: 'p2', name: 'Bea Line' },
      ],
      start_time: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
      status: 'not_started',
    });
    await feed.ok({
      type: 'odds_change',
      event_id: 'td-t1',
      markets: [
        {
          id: 186,
          specifiers: '',
          status: 1,
          outcomes: [
            { id: '4', odds: 1.5 },
            { id: '5', odds: 2.5 },
          ],
        },
      ],
    });
    const [b] = (await place(client, 'td-t1', '5', 2.5, '4', { id: 186, specifiers: '' })).data?.bets ?? [];
    await feed.settle1x2('td-b1', '3');

    const page = await admin.get(`/admin/sportsbook/bets?player=${player.id}`);
    expect(ids(page.body)).toEqual([b?.id, a?.id]);
    const row = (id?: number) =>
      new RegExp(`<tr data-bet="${id}">([\\s\\S]*?)</tr>`).exec(page.body)?.[1] ?? '';
    expect(row(a?.id)).toContain(`>${player.login}</a>`);
    expect(row(a?.id)).toContain('>Home td-b1 v Away td-b1</a> · 1X2 · <strong>Draw</strong> @ 3.00');
    expect(row(a?.id)).toContain('lost');
    expect(row(b?.id)).toContain('>Ann Court v Bea Line</a> · Winner · <strong>Bea Line</strong> @ 2.50');
    // By login, sport, status, dates; a date that does not read is named.
    expect(ids((await admin.get(`/admin/sportsbook/bets?player=${player.login}`)).body)).toEqual([
      b?.id,
      a?.id,
    ]);
    expect(ids((await admin.get(`/admin/sportsbook/bets?player=${player.id}&sport=tennis`)).body)).toEqual([
      b?.id,
    ]);
    expect(ids((await admin.get(`/admin/sportsbook/bets?player=${player.id}&status=lost`)).body)).toEqual([
      a?.id,
    ]);
    expect(ids((await admin.get('/admin/sportsbook/bets?event=td-t1')).body)).toEqual([b?.id]);
    expect(ids((await admin.get(`/admin/sportsbook/bets?player=${player.id}&from=2026-11-20`)).body)).toEqual(
      [b?.id],
    );
    expect(ids((await admin.get(`/admin/sportsbook/bets?player=${player.id}&to=2026-11-19`)).body)).toEqual([
      a?.id,
    ]);
    const bad = await admin.get('/admin/sportsbook/bets?from=2026-02-30&player=nobody-here');
    expect(bad.body).toContain('A date reads YYYY-MM-DD');
    expect(bad.body).toContain('No player has that id or login.');
    expect(ids(bad.body)).toEqual([]);

    const csv = await admin.get(`/admin/sportsbook/bets.csv?player=${player.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'bet,placed_at,player_id,player,type,status,currency,stake,potential_payout,paid,settled_at,sport,event,market,outcome,odds,leg_result',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 10).concat(l.split(',').slice(11)))).toEqual([
      [
        String(b?.id),
        expect.any(String),
        String(player.id),
        player.login,
        'single',
        'open',
        'USD',
        '4.00',
        '10.00',
        '',
        'tennis',
        'Ann Court v Bea Line',
        'Winner',
        'Bea Line',
        '2.50',
        'open',
      ],
      [
        String(a?.id),
        '2026-11-19T12:00:00.000Z',
        String(player.id),
        player.login,
        'single',
        'lost',
        'USD',
        '10.00',
        '30.00',
        '0.00',
        'football',
        'Home td-b1 v Away td-b1',
        '1X2',
        'Draw',
        '3.00',
        'lost',
      ],
    ]);
    const exports = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'sportsbook.bets_export'));
    expect(exports.map((e) => e.after)).toEqual([{ player: String(player.id), rows: 2 }]);
  });

  it('settles a market of an event that has not started only with the override and a reason, audited', async () => {
    await feed.football('td-o1', [2, 3, 4]);
    const { client } = await fundedClient(t.app, 10_000n);
    const [bet] = (await place(client, 'td-o1', '1', 2)).data?.bets ?? [];
    const page = await admin.get('/admin/sportsbook/events/td-o1');
    expect(page.body).toContain('<input type="checkbox" name="override" value="1">');
    const refused = await admin.post('/admin/sportsbook/events/td-o1/markets/settle', settleForm());
    expect(refused.headers.location).toBe('/admin/sportsbook/events/td-o1?error=override_eventNotStarted');
    const shown = await admin.get(String(refused.headers.location));
    expect(shown.body).toContain('The event has not started: to settle it anyway, tick');
    await t.app.ctx.jobs.drain();
    expect(await betRow(t.app, bet?.id ?? 0)).toMatchObject({ status: 'open', settle_count: 0 });
    expect(await auditRows('sportsbook.market_settle', 'td-o1/1/')).toEqual([]);
    // Without a reason the override is refused too.
    const noReason = await admin.post(
      '/admin/sportsbook/events/td-o1/markets/settle',
      settleForm({ override: '1', reason: '' }),
    );
    expect(noReason.headers.location).toBe('/admin/sportsbook/events/td-o1?error=reason_requiredField');
    const done = await admin.post(
      '/admin/sportsbook/events/td-o1/markets/settle',
      settleForm({ override: '1', reason: 'Played early; result on the league site' }),
    );
    expect(done.headers.location).toBe('/admin/sportsbook/events/td-o1?ok=market_settled');
    await t.app.ctx.jobs.drain();
    expect(await betRow(t.app, bet?.id ?? 0)).toMatchObject({ status: 'won' });
    const [audit] = await auditRows('sportsbook.market_settle', 'td-o1/1/');
    expect([audit?.after, audit?.reason]).toEqual([
      { settlement: { '1': 'won', '2': 'lost', '3': 'lost' }, override: 'event_not_started' },
      'Played early; result on the league site',
    ]);
    // A live event needs no override.
    await feed.football('td-o2', [2, 3, 4], { live: true });
    const live = await admin.post('/admin/sportsbook/events/td-o2/markets/settle', settleForm());
    expect(live.headers.location).toBe('/admin/sportsbook/events/td-o2?ok=market_settled');
    expect((await auditRows('sportsbook.market_settle', 'td-o2/1/'))[0]?.after).toEqual({
      settlement: { '1': 'won', '2': 'lost', '3': 'lost' },
    });
  });

  it('one market state: settled on the desk, then fresh odds and a restart: desk, site and placement all say closed', async () => {
    await feed.football('td-1', [2, 3, 4], { live: true });
    const { client } = await fundedClient(t.app, 10_000n);
    expect((await place(client, 'td-1', '1', 2)).error).toBeNull();
    const settled = await admin.post('/admin/sportsbook/events/td-1/markets/settle', settleForm());
    expect(settled.headers.location).toBe('/admin/sportsbook/events/td-1?ok=market_settled');
    await t.app.ctx.jobs.drain();
    // The server restarts (a second instance on the same database, its own process state); the feed (the
    // simulator, a recovery) prices the market again, as active, with fresh odds.
    const restarted = await createTestApp({ join: t, env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
    try {
      await feedClient(restarted.app).ok({
        type: 'odds_change',
        // A minute after the desk's settlement.
        timestamp: t.clock.now().getTime() + 60_000,
        event_id: 'td-1',
        markets: [
          {
            id: 1,
            specifiers: '',
            status: 1,
            outcomes: [
              { id: '1', odds: 2.2 },
              { id: '2', odds: 3.1 },
              { id: '3', odds: 3.6 },
            ],
          },
        ],
      });
      const desk = await admin.get('/admin/sportsbook/events/td-1');
      const panel = /<section class="panel" data-market="1\/"[\s\S]*?<\/section>/.exec(desk.body)?.[0] ?? '';
      expect(panel).toContain('settled');
      expect(panel).not.toContain('>active<');
      expect(panel).not.toContain('2.20');
      expect(panel).not.toMatch(/data-label="Offered">yes/);
      const site = (await apiClient(restarted.app).get('sportsbook.getEvent', { id: 'td-1' })).data;
      expect(site.markets.map((m: { id: number }) => m.id)).toEqual([18]);
      const again = await place(client, 'td-1', '1', 2.2);
      expect(again.error?.error_data.invalid_parameters).toEqual({ selections: 'marketClosed' });
      // The total market, never settled, still takes prices and bets.
      expect(
        (await place(client, 'td-1', '12', 1.9, '1', { id: 18, specifiers: 'total=2.5' })).error,
      ).toBeNull();
    } finally {
      await restarted.close();
    }
  });

  it('applies a margin and a stake limit per sport and per market, edited on the desk and audited', async () => {
    await feed.football('td-m1', [2, 3, 4]);
    const { client } = await fundedClient(t.app, 1_000_000n);
    const save = (form: Record<string, string>) =>
      admin.post('/admin/sportsbook/limits', { reason: 'Trading policy', ...form });
    expect((await save({ sport: 'football', margin: '5', max_stake: '100' })).headers.location).toBe(
      '/admin/sportsbook/limits?ok=book_limit_saved',
    );
    // Offered odds: feed odds / 1.05, rounded down (2 → 1.904, 1.9 → 1.809), on the site and for placement.
    const site = (await apiClient(t.app).get('sportsbook.getEvent', { id: 'td-m1' })).data;
    const odds = (id: number, o: string) =>
      site.markets.find((m: { id: number }) => m.id === id)?.outcomes.find((x: { id: string }) => x.id === o)
        ?.odds;
    expect([odds(1, '1'), odds(1, '3'), odds(18, '12')]).toEqual([1.904, 3.809, 1.809]);
    expect((await place(client, 'td-m1', '1', 2)).error?.error_data.invalid_parameters).toEqual({
      selections: 'oddsChanged',
    });
    // The market's own row wins over the sport's: 1X2 at 10% and at most 20.00 a bet.
    await save({ sport: 'football', market_id: '1', margin: '10', max_stake: '20' });
    // A new price from the feed takes the margin too.
    await feed.ok({
      type: 'odds_change',
      event_id: 'td-m1',
      markets: [
        {
          id: 1,
          specifiers: '',
          status: 1,
          outcomes: [
            { id: '1', odds: 2.2 },
            { id: '2', odds: 3 },
            { id: '3', odds: 4 },
          ],
        },
      ],
    });
    const desk = await admin.get('/admin/sportsbook/events/td-m1');
    expect(desk.body).toMatch(/data-outcome="1">[\s\S]*?data-label="Odds" class="num">2\.00</);
    expect((await place(client, 'td-m1', '1', 2, '20.01')).error?.error_data.invalid_parameters).toEqual({
      stake: 'stakeTooHigh',
    });
    expect((await place(client, 'td-m1', '1', 2, '20')).error).toBeNull();
    // The total market follows the sport's row: 100.00.
    const total = { id: 18, specifiers: 'total=2.5' };
    expect(
      (await place(client, 'td-m1', '12', 1.809, '100.01', total)).error?.error_data.invalid_parameters,
    ).toEqual({
      stake: 'stakeTooHigh',
    });
    expect((await place(client, 'td-m1', '12', 1.809, '100', total)).error).toBeNull();
    const list = await admin.get('/admin/sportsbook/limits');
    expect(list.body).toMatch(/data-limit="football\/1">[\s\S]*?10\.00%[\s\S]*?\$20\.00/);
    const [audit] = await auditRows('sportsbook.book_limit', 'football/1');
    expect([audit?.before, audit?.reason]).toEqual([null, 'Trading policy']);
    expect(audit?.after).toMatchObject({ margin_percent: 10, max_stake: 20 });
    // Bad input is named, nothing changes.
    for (const [form, code] of [
      [{ sport: 'football', margin: '60' }, 'margin_wrongField'],
      [{ sport: 'football', max_stake: 'lots' }, 'max_stake_wrongField'],
      [{ sport: 'curling', margin: '2' }, 'sport_notFound'],
      [{ sport: 'football', margin: '2', reason: '' }, 'reason_requiredField'],
    ] as const)
      expect((await save(form)).headers.location).toBe(`/admin/sportsbook/limits?error=${code}`);
    // Removing both rows gives the feed's prices back.
    await save({ sport: 'football', market_id: '1' });
    await save({ sport: 'football' });
    const back = (await apiClient(t.app).get('sportsbook.getEvent', { id: 'td-m1' })).data;
    expect(back.markets.find((m: { id: number }) => m.id === 1)?.outcomes[0]?.odds).toBe(2.2);
  });
});
