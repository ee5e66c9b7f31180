/**
 * Placing and settling bets with the feed driven over HTTP: singles, combos and system bets settled with results,
 * half voids and dead heats to the cent; refusals; idempotency; rollback and re-settlement with the debt rule;
 * bet_cancel windows; cash-out; the live delay. The ledger stays exact throughout.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { depositedClient, payByCard } from '../cashier/cashier-test-helpers.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { queryRows } from '../ledger/sql.ts';
import { batchExecutorOf as batcherOf } from '../wallet/batch-executor.ts';
import { poolOf } from '../wallet/executors.ts';
import { betRow, feedClient } from './sportsbook-test-helpers.ts';

let t: TTestApp;
let feed: ReturnType<typeof feedClient>;
let uuid = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  feed = feedClient(t.app);
}, 180_000);
afterAll(() => t.close());

type TSel = { event_id: string; market_id: number; specifiers?: string; outcome_id: string; odds: number };
const sel = (event_id: string, outcome_id: string, odds: number, market_id = 1, specifiers = ''): TSel => ({
  event_id,
  market_id,
  specifiers,
  outcome_id,
  odds,
});

const place = (
  client: Awaited<ReturnType<typeof fundedClient>>['client'],
  selections: TSel[],
  options: {
    type?: string;
    stake?: string;
    system_size?: string;
    accept_odds?: string;
    bet_uuid?: string;
  } = {},
) =>
  client.post('sportsbook.placeBet', {
    selections: JSON.stringify(selections),
    type: options.type ?? 'single',
    stake: options.stake ?? '10.00',
    accept_odds: options.accept_odds ?? 'none',
    bet_uuid: options.bet_uuid ?? `u-${uuid++}`,
    ...(options.system_size ? { system_size: options.system_size } : {}),
  });

const mainOf = async (playerId: number) => (await getBalances(t.app.ctx.db, playerId)).main;

describe('placing and settling', () => {
  it('a single: the stake is taken with the bet, the win paid once, exactly', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('s1', [2, 3.5, 4]);
    const placed = await place(client, [sel('s1', '1', 2)]);
    expect(placed.error).toBeNull();
    const [bet] = placed.data.bets;
    expect(bet).toMatchObject({ type: 'single', stake: 10, total_stake: 10, odds: 2, potential_payout: 20 });
    expect(bet.status).toBe('open');
    expect(bet.legs[0]).toMatchObject({
      event_name: 'Home s1 v Away s1',
      market_name: '1X2',
      outcome_name: 'Home s1',
    });
    expect(await mainOf(player.id)).toBe(9_000n);
    await feed.settle1x2('s1', '1');
    expect(await mainOf(player.id)).toBe(11_000n);
    // A redelivered settlement (a new message id with the same results) pays nothing more.
    await feed.settle1x2('s1', '1');
    expect(await mainOf(player.id)).toBe(11_000n);
    const bets = (await client.get('sportsbook.getBets', { status: 'settled' })).data;
    expect(bets.items[0]).toMatchObject({ id: bet.id, status: 'won', payout: 20, cashout_value: null });
    expect(bets.items[0].legs[0]).toMatchObject({ result: 'won', factor: 2 });
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a combo with a half void and a dead heat pays stake × Π factors, rounded down to the cent', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('c1', [2, 3, 4]);
    await feed.football('c2', [3.5, 3, 2]);
    await feed.football('c3', [1.9, 3, 4]);
    const placed = await place(client, [sel('c1', '1', 2), sel('c2', '1', 3.5), sel('c3', '1', 1.9)], {
      type: 'combo',
      stake: '3.33',
    });
    expect(placed.error).toBeNull();
    expect(placed.data.bets).toHaveLength(1);
    // 3.33 × 2 × 3.5 × 1.9 = 44.289 → 44.28
    expect(placed.data.bets[0]).toMatchObject({ type: 'combo', odds: 13.3, potential_payout: 44.28 });
    await feed.settle1x2('c1', '1');
    await feed.settle1x2('c2', '1', { '1': { void_factor: 0.5 } });
    expect((await betRow(t.app, placed.data.bets[0].id))?.status).toBe('open');
    await feed.settle1x2('c3', '1', { '1': { dead_heat_factor: 0.5 } });
    // factors 2 × (0.5 + 0.5 × 3.5) × (0.5 × 1.9) = 2 × 2.25 × 0.95 = 4.275; 333 × 4.275 = 1423.575 → 1423
    expect(await mainOf(player.id)).toBe(10_000n - 333n + 1_423n);
    const [bet] = (await client.get('sportsbook.getBets')).data.items;
    expect(bet).toMatchObject({ status: 'won', payout: 14.23 });
    expect(bet.legs.map((l: { result: string }) => l.result)).toEqual(['won', 'half_won', 'won']);
  });

  it('slips placed together by several players: each gets its own bets and legs, in one shared insert', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => fundedClient(t.app, 10_000n)));
    for (const id of ['g1', 'g2', 'g3']) await feed.football(id, [2, 3, 4]);
    const slips: [TSel[], { type?: string; system_size?: string; stake?: string }][] = [
      [[sel('g1', '1', 2), sel('g2', '3', 4)], { type: 'single' }],
      [[sel('g1', '2', 3), sel('g2', '1', 2), sel('g3', '3', 4)], { type: 'combo' }],
      [[sel('g1', '3', 4), sel('g2', '1', 2), sel('g3', '1', 2)], { type: 'system', system_size: '2' }],
      [[sel('g3', '2', 3)], { type: 'single', stake: '2.50' }],
    ];
    const pool = poolOf(t.app.ctx.db);
    const batchesBefore = pool ? batcherOf(t.app.ctx, pool).stats.batches : 0;
    const answers = await Promise.all(
      clients.map(({ client }, i) => place(client, ...(slips[i] as [TSel[], object]))),
    );
    if (pool) expect(batcherOf(t.app.ctx, pool).stats.batches).toBeGreaterThan(batchesBefore);
    for (const [i, answer] of answers.entries()) {
      expect(answer.error, JSON.stringify(answer.error)).toBeNull();
      const { player } = clients[i] as (typeof clients)[number];
      const [selections] = slips[i] as (typeof slips)[number];
      const rows = await queryRows<{ id: string; seq: number; legs: string[] }>(
        t.app.ctx.db,
        sql`select b.id::text, b.seq, array_agg(l.event_id || ':' || l.outcome_id order by l.leg) as legs
              from sb_bets b join sb_bet_legs l on l.bet_id = b.id
             where b.player_id = ${player.id} group by b.id, b.seq order by b.seq`,
      );
      // The answer's bets are the player's rows, in seq order, each with the legs it was placed with.
      expect(answer.data.bets.map((b: { id: number }) => String(b.id))).toEqual(rows.map((r) => r.id));
      expect(
        answer.data.bets.map((b: { legs: { event_id: string; outcome_id: string }[] }) =>
          b.legs.map((l) => `${l.event_id}:${l.outcome_id}`),
        ),
      ).toEqual(rows.map((r) => r.legs));
      const staked = answer.data.bets.reduce(
        (sum: number, b: { total_stake: number }) => sum + b.total_stake,
        0,
      );
      expect(await mainOf(player.id)).toBe(10_000n - BigInt(Math.round(staked * 100)));
      expect(
        rows
          .flatMap((r) => r.legs)
          .every((leg) => selections.some((s) => leg === `${s.event_id}:${s.outcome_id}`)),
      ).toBe(true);
    }
    expect(answers.map((a) => a.data.bets.length)).toEqual([2, 1, 1, 1]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('system bets: every combination of the size, and named systems (Trixie)', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    for (const [id, odds] of [
      ['y1', 2],
      ['y2', 3],
      ['y3', 4],
    ] as const)
      await feed.football(id, [odds, 3, 5]);
    const legs = [sel('y1', '1', 2), sel('y2', '1', 3), sel('y3', '1', 4)];
    const doubles = await place(client, legs, { type: 'system', system_size: '2', stake: '1.00' });
    expect(doubles.data.bets[0]).toMatchObject({ lines: 3, total_stake: 3, potential_payout: 26 });
    const trixie = await place(client, legs, { type: 'system', system_size: 'trixie', stake: '0.50' });
    expect(trixie.data.bets[0]).toMatchObject({
      system_name: 'trixie',
      lines: 4,
      total_stake: 2,
      potential_payout: 25,
    });
    expect(await mainOf(player.id)).toBe(10_000n - 500n);
    await feed.settle1x2('y1', '1');
    await feed.settle1x2('y2', '1');
    await feed.settle1x2('y3', '2');
    // doubles: only 2 × 3 wins → 6.00; trixie: 0.50 × 6 = 3.00
    expect(await mainOf(player.id)).toBe(10_000n - 500n + 600n + 300n);
    const refused = await place(client, legs, { type: 'system', system_size: 'yankee', stake: '1.00' });
    expect(refused.error.error_data.invalid_parameters).toEqual({ system_size: 'wrongField' });
  });

  it('refuses with field codes: odds changed by policy, suspended, closed, limits, started, same event', async () => {
    const { client, player } = await fundedClient(t.app, 10_000_000n);
    await feed.football('r1', [2, 3, 4]);
    const codes = async (selections: TSel[], options: Parameters<typeof place>[2] = {}) =>
      (await place(client, selections, options)).error?.error_data.invalid_parameters;
    expect(await codes([sel('r1', '1', 1.95)])).toEqual({ selections: 'oddsChanged' });
    expect(await codes([sel('r1', '1', 2.1)], { accept_odds: 'higher' })).toEqual({
      selections: 'oddsChanged',
    });
    const higher = await place(client, [sel('r1', '1', 1.95)], { accept_odds: 'higher', stake: '1' });
    expect(higher.data.bets[0].odds).toBe(2);
    const any = await place(client, [sel('r1', '1', 2.2)], { accept_odds: 'any', stake: '1' });
    expect(any.data.bets[0].odds).toBe(2);
    expect(await codes([sel('r1', '1', 2)], { stake: '0.49' })).toEqual({ stake: 'stakeTooLow' });
    expect(await codes([sel('r1', '1', 2)], { stake: '5000.01' })).toEqual({ stake: 'stakeTooHigh' });
    expect(await codes([sel('r1', '3', 4)], { stake: '4000' })).toBeUndefined();
    await feed.football('r2', [2, 3, 4]);
    expect(await codes([sel('r1', '1', 2), sel('r1', '3', 4)], { type: 'combo' })).toEqual({
      selections: 'sameEvent',
    });
    await feed.football('big', [300, 300, 300]);
    await feed.football('big2', [300, 300, 300]);
    expect(await codes([sel('big', '1', 300), sel('big2', '1', 300)], { type: 'combo', stake: '2' })).toEqual(
      {
        stake: 'payoutTooHigh',
      },
    );
    // The per-event limit (10,000) counts the player's open stakes on the event (4,002 already on r1).
    expect(await codes([sel('r1', '2', 3)], { stake: '4000' })).toBeUndefined();
    expect(await codes([sel('r1', '1', 2)], { stake: '2000' })).toEqual({ stake: 'stakeTooHigh' });
    // A stake factor set by an operator scales the limits.
    await t.app.ctx.db.execute(
      sql`insert into sb_player_limits (player_id, stake_factor, updated_at) values (${player.id}, 0.1, now())`,
    );
    expect(await codes([sel('r2', '1', 2)], { stake: '500.01' })).toEqual({ stake: 'stakeTooHigh' });
    expect(await codes([sel('r2', '1', 2)], { stake: '500' })).toBeUndefined();
    await feed.ok({ type: 'bet_stop', event_id: 'r2', markets: [{ id: 1, specifiers: '' }] });
    expect(await codes([sel('r2', '1', 2)], { stake: '1' })).toEqual({ selections: 'marketSuspended' });
    await feed.settle1x2('r2', '1');
    expect(await codes([sel('r2', '1', 2)], { stake: '1' })).toEqual({ selections: 'marketClosed' });
    await feed.football('started', [2, 3, 4], { start: new Date(t.clock.now().getTime() - 60_000) });
    expect(await codes([sel('started', '1', 2)], { stake: '1' })).toEqual({ selections: 'eventStarted' });
    expect(await codes([sel('nope', '1', 2)], { stake: '1' })).toEqual({ selections: 'wrongField' });
    expect(
      (await client.post('sportsbook.placeBet', { selections: 'not json', type: 'single' })).error.type,
    ).toBe('InvalidParameterException');
  });

  it('is idempotent by bet_uuid, and asks for a deposit when the money is short', async () => {
    const { client, player } = await fundedClient(t.app, 2_000n);
    await feed.football('i1', [2, 3, 4]);
    const first = await place(client, [sel('i1', '1', 2), sel('i1', '2', 3)], { bet_uuid: 'same-uuid' });
    const again = await place(client, [sel('i1', '1', 2), sel('i1', '2', 3)], { bet_uuid: 'same-uuid' });
    expect(first.data.bets).toHaveLength(2);
    expect(again.data.bets.map((b: { id: number }) => b.id)).toEqual(
      first.data.bets.map((b: { id: number }) => b.id),
    );
    expect(await mainOf(player.id)).toBe(0n);
    const short = await place(client, [sel('i1', '3', 4)], { stake: '1' });
    expect(short.error).toMatchObject({
      type: 'UserNeedDepositException',
      error_data: { required: 1, balance: 0 },
    });
  });
});

describe('rollbacks, cancels and cash-out', () => {
  it('a rollback reopens the bet and takes back what it paid; spent winnings become a debt', async () => {
    const { client, player } = await fundedClient(t.app, 1_000n);
    await feed.football('rb1', [5, 3, 4]);
    const [bet] = (await place(client, [sel('rb1', '1', 5)])).data.bets;
    await feed.settle1x2('rb1', '1');
    expect(await mainOf(player.id)).toBe(5_000n);
    // The player spends most of it elsewhere.
    await postTransaction(t.app.ctx.db, {
      idempotencyKey: `spend-${player.id}`,
      kind: 'test.spend',
      entries: [
        { account: { playerId: player.id, kind: 'main' }, amount: -4_500n },
        { account: HOUSE.payments, amount: 4_500n },
      ],
    });
    await feed.ok({ type: 'rollback_bet_settlement', event_id: 'rb1', markets: [{ id: 1, specifiers: '' }] });
    expect(await mainOf(player.id)).toBe(0n);
    expect(await betRow(t.app, bet.id)).toMatchObject({ status: 'open', settle_count: 1 });
    const debts = await queryRows<{ amount: unknown; remaining: unknown }>(
      t.app.ctx.db,
      sql`select amount, remaining from sb_debts where player_id = ${player.id}`,
    );
    expect(debts.map((d) => [Number(d.amount), Number(d.remaining)])).toEqual([[4_500, 4_500]]);
    // Re-settled: lost this time; nothing moves.
    await feed.settle1x2('rb1', '2');
    expect(await betRow(t.app, bet.id)).toMatchObject({ status: 'lost', settle_count: 2 });
    expect(await mainOf(player.id)).toBe(0n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it("a later deposit repays the debt first, inside the deposit's transaction", async () => {
    const { client, player } = await depositedClient(t.app, '10');
    await feed.football('debt1', [4, 3, 4]);
    await place(client, [sel('debt1', '1', 4)]);
    await feed.settle1x2('debt1', '1');
    await postTransaction(t.app.ctx.db, {
      idempotencyKey: `spend-${player.id}`,
      kind: 'test.spend',
      entries: [
        { account: { playerId: player.id, kind: 'main' }, amount: -4_000n },
        { account: HOUSE.payments, amount: 4_000n },
      ],
    });
    await feed.ok({
      type: 'rollback_bet_settlement',
      event_id: 'debt1',
      markets: [{ id: 1, specifiers: '' }],
    });
    expect(await mainOf(player.id)).toBe(0n);
    const deposit = await client.post('cashier.makedeposit', { method: 'card', amount: '25' });
    expect(await payByCard(t.app, deposit.data.redirect_url)).toMatch(/^\/cashier\/paysuccess\//);
    expect(await mainOf(player.id)).toBe(0n);
    const second = await client.post('cashier.makedeposit', { method: 'card', amount: '25' });
    await payByCard(t.app, second.data.redirect_url);
    expect(await mainOf(player.id)).toBe(1_000n);
    const debts = await queryRows<{ remaining: unknown; repaid_at: unknown }>(
      t.app.ctx.db,
      sql`select remaining, repaid_at from sb_debts where player_id = ${player.id}`,
    );
    expect(debts.map((d) => [Number(d.remaining), d.repaid_at !== null])).toEqual([[0, true]]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a rollback and a re-settlement as won pays again, once', async () => {
    const { client, player } = await fundedClient(t.app, 1_000n);
    await feed.football('rb2', [2, 3, 4]);
    await place(client, [sel('rb2', '1', 2)]);
    await feed.settle1x2('rb2', '1');
    await feed.ok({ type: 'rollback_bet_settlement', event_id: 'rb2', markets: [{ id: 1, specifiers: '' }] });
    expect(await mainOf(player.id)).toBe(0n);
    await feed.settle1x2('rb2', '1', { '1': { dead_heat_factor: 0.5 } });
    expect(await mainOf(player.id)).toBe(1_000n);
  });

  it('bet_cancel voids bets placed in its window: a single is refunded, a combo leg counts as odds 1', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('bc1', [2, 3, 4]);
    await feed.football('bc2', [3, 3, 4]);
    const early = (await place(client, [sel('bc1', '1', 2)])).data.bets[0];
    t.clock.advance(60_000);
    const windowStart = t.clock.now().getTime();
    const single = (await place(client, [sel('bc1', '1', 2)])).data.bets[0];
    const combo = (await place(client, [sel('bc1', '1', 2), sel('bc2', '1', 3)], { type: 'combo' })).data
      .bets[0];
    await feed.ok({
      type: 'bet_cancel',
      event_id: 'bc1',
      markets: [{ id: 1, specifiers: '' }],
      start_time: windowStart,
      end_time: windowStart + 30_000,
    });
    expect(await betRow(t.app, single.id)).toMatchObject({ status: 'cancelled', payout: expect.anything() });
    expect(Number((await betRow(t.app, single.id))?.payout)).toBe(1_000);
    expect(await mainOf(player.id)).toBe(10_000n - 3_000n + 1_000n);
    await feed.settle1x2('bc1', '3');
    await feed.settle1x2('bc2', '1');
    expect((await betRow(t.app, early.id))?.status).toBe('lost');
    // The combo pays 10 × 1 × 3 = 30.
    expect(await betRow(t.app, combo.id)).toMatchObject({ status: 'won' });
    expect(await mainOf(player.id)).toBe(10_000n - 3_000n + 1_000n + 3_000n);
  });

  it('cash-out pays the quoted value from current prices less the margin; a moved value is refused', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('co1', [2, 3, 4]);
    const [bet] = (await place(client, [sel('co1', '1', 2)])).data.bets;
    // Odds shorten to 1.6: value = 10 × 2 / 1.6 × 0.95 = 11.875 → 11.87
    await feed.ok({
      type: 'odds_change',
      event_id: 'co1',
      markets: [{ id: 1, specifiers: '', status: 1, outcomes: [{ id: '1', odds: 1.6 }] }],
    });
    const quoted = (await client.get('sportsbook.getBets', { status: 'open' })).data.items[0];
    expect(quoted.cashout_value).toBe(11.87);
    const moved = await client.post('sportsbook.cashout', { bet_id: bet.id, amount: '12.00' });
    expect(moved.error.error_data).toMatchObject({
      invalid_parameters: { amount: 'oddsChanged' },
      cashout_value: 11.87,
    });
    const done = await client.post('sportsbook.cashout', { bet_id: bet.id, amount: '11.87' });
    expect(done.data.bet).toMatchObject({ status: 'cashed_out', payout: 11.87 });
    expect(await mainOf(player.id)).toBe(10_000n - 1_000n + 1_187n);
    // The settlement later leaves the cashed-out bet alone.
    await feed.settle1x2('co1', '1');
    expect(await mainOf(player.id)).toBe(10_000n - 1_000n + 1_187n);
    expect(
      (await place(client, [sel('co1', '2', 3)], { stake: '1' })).error.error_data.invalid_parameters,
    ).toEqual({
      selections: 'marketClosed',
    });
    await feed.football('co2', [2, 3, 4]);
    const [other] = (await place(client, [sel('co2', '1', 2)])).data.bets;
    await feed.ok({ type: 'bet_stop', event_id: 'co2' });
    const unavailable = await client.post('sportsbook.cashout', { bet_id: other.id, amount: '9.50' });
    expect(unavailable.error.error_data.invalid_parameters).toEqual({ bet_id: 'cashoutUnavailable' });
  });
});

describe('live bets', () => {
  it('wait the live delay and are checked again after it', async () => {
    const delayed = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '400' } });
    try {
      const liveFeed = feedClient(delayed.app);
      const { client, player } = await fundedClient(delayed.app, 10_000n);
      await liveFeed.football('lv1', [2, 3, 4], { live: true });
      const pending = place(client, [sel('lv1', '1', 2)]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await liveFeed.ok({
        type: 'odds_change',
        event_id: 'lv1',
        markets: [{ id: 1, specifiers: '', status: 1, outcomes: [{ id: '1', odds: 1.5 }] }],
      });
      expect((await pending).error.error_data.invalid_parameters).toEqual({ selections: 'oddsChanged' });
      const started = Date.now();
      const ok = await place(client, [sel('lv1', '1', 1.5)]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(ok.data.bets[0]).toMatchObject({ live: true, odds: 1.5 });
      expect((await getBalances(delayed.app.ctx.db, player.id)).main).toBe(9_000n);
    } finally {
      await delayed.close();
    }
  }, 300_000);
});
