/**
 * The operator's finding of issue 36, replayed through the real paths over two days: a manual credit, a quest's cash
 * reward and a jackpot payout must each have their line; a sportsbook bet open over midnight is a liability, not
 * GGR; a voided bet leaves turnover; a casino round open over midnight counts when it closes. Every day the
 * players' balances at its start, plus its movements, equal the balances at its end, measured from the ledger;
 * a day aggregated before a late movement shows a difference until it is rebuilt; today follows within a minute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeOperator, signInOperator } from '../backoffice/backoffice-test-helpers.ts';
import { gameDims } from '../games/catalogue/game-dims.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { getBalances } from '../ledger/balances.ts';
import { postTransaction, type TEntryInput } from '../ledger/post-transaction.ts';
import { payReward } from '../loyalty/rewards.ts';
import { feedClient } from '../sportsbook/sportsbook-test-helpers.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { REPORT_JOB } from './module.ts';

let t: TTestApp;
let admin: Awaited<ReturnType<typeof signInOperator>>;
const D1 = '2026-11-20';
const D2 = '2026-11-21';
const ids = { a: 0, b: 0 };
const at = (day: string, time: string) => t.clock.set(new Date(`${day}T${time}:00Z`));
const post = (key: string, kind: string, entries: TEntryInput[], reference?: string) =>
  postTransaction(t.app.ctx.db, {
    idempotencyKey: key,
    kind,
    entries,
    at: t.clock.now(),
    ...(reference ? { reference } : {}),
  });
const main = (playerId: number) => ({ playerId, kind: 'main' as const });
const balancesNow = async () => {
  let sum = 0n;
  for (const id of [ids.a, ids.b]) {
    const b = await getBalances(t.app.ctx.db, id);
    sum += b.main + b.bonus + b.betting_bonus;
  }
  return sum;
};

/** The export's rows by period, each a record by column name. */
const exported = async (query: string) => {
  const csv = await admin.get(`/admin/reports/export.csv?${query}`);
  const [head, ...rows] = csv.body.trim().split('\r\n');
  const names = (head ?? '').split(',');
  return new Map(
    rows.map((row) => {
      const cells = row.split(',');
      return [cells[0] ?? '', Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']))];
    }),
  );
};

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  const feed = feedClient(t.app);
  admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
  const casino =
    [...(await gameDims(t.app.ctx.db)).values()].find((g) => g.kind !== 'betting')?.sysname ?? '';

  at(D1, '08:00');
  const a = await signedInClient(t.app, { countryCode: 'DE' });
  const b = await signedInClient(t.app, { countryCode: 'FR' });
  ids.a = a.player.id;
  ids.b = b.player.id;
  await post('dep-a', 'deposit', [
    { account: main(ids.a), amount: 10_000n },
    { account: HOUSE.payments, amount: -10_000n },
  ]);
  await post('dep-b', 'deposit', [
    { account: main(ids.b), amount: 5_000n },
    { account: HOUSE.payments, amount: -5_000n },
  ]);
  // Bets while the players' sessions (an hour) last.
  const bet = async (client: typeof a.client, event: string, stake: string) => {
    const placed = await client.post('sportsbook.placeBet', {
      selections: JSON.stringify([
        { event_id: event, market_id: 1, specifiers: '', outcome_id: '1', odds: 2 },
      ]),
      type: 'single',
      stake,
      accept_odds: 'none',
      bet_uuid: `bet-${event}`,
    });
    expect(placed.error).toBeNull();
  };
  at(D1, '08:10');
  await feed.football('open1', [2, 3.5, 4]);
  await bet(a.client, 'open1', '15.00');
  at(D1, '08:20');
  await feed.football('void1', [2, 3.5, 4]);
  await bet(b.client, 'void1', '10.00');
  const voided = { void_factor: 1 };
  await feed.settle1x2('void1', '1', { '1': voided, '2': voided, '3': voided });
  at(D1, '09:00');
  const page = await admin.get(`/admin/players/${ids.a}`);
  const key = /name="key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const credit = await admin.post(`/admin/players/${ids.a}/adjust`, {
    key,
    confirmed: '1',
    account: 'main',
    direction: 'credit',
    amount: '10.00',
    reason: 'goodwill for a late payout',
  });
  expect(credit.statusCode).toBe(303);
  at(D1, '10:00');
  await t.app.ctx.db.transaction((tx) =>
    payReward(tx, {
      playerId: ids.a,
      reward: { type: 'cash', amount: 500 },
      key: `loyalty:quest:${ids.a}:1`,
      at: t.clock.now(),
      meta: { quest: 'first_steps' },
    }),
  );
  at(D1, '11:00');
  await post('jackpot-win:test', 'jackpot.payout', [
    { account: 'house:jackpot:test', amount: -1_104n },
    { account: main(ids.b), amount: 1_104n },
  ]);
  at(D1, '14:00');
  const { token } = await walletService.openSession(t.app.ctx, {
    playerId: ids.a,
    game: casino,
    mode: 'real',
  });
  await walletService.bet(t.app.ctx, { session: token, transactionId: 'b1', roundId: 'r1', amount: 200n });
  await walletService.win(t.app.ctx, { session: token, transactionId: 'w1', roundId: 'r1', amount: 0n });
  await walletService.bet(t.app.ctx, { session: token, transactionId: 'b2', roundId: 'r2', amount: 300n });

  at(D2, '09:00');
  await feed.settle1x2('open1', '1');
  at(D2, '10:00');
  const resumed = await walletService.openSession(t.app.ctx, { playerId: ids.a, game: casino, mode: 'real' });
  await walletService.win(t.app.ctx, {
    session: resumed.token,
    transactionId: 'w2',
    roundId: 'r2',
    amount: 400n,
  });
  at(D2, '11:00');
  await post(
    'hold-b',
    'withdrawal.hold',
    [
      { account: main(ids.b), amount: -2_000n },
      { account: HOUSE.withdrawalsPending, amount: 2_000n },
    ],
    'wd-b',
  );
  await post(
    'approve-b',
    'withdrawal.approved',
    [
      { account: HOUSE.withdrawalsPending, amount: -2_000n },
      { account: HOUSE.payments, amount: 2_000n },
    ],
    'wd-b',
  );
  at(D2, '11:30');
  await post('mystery', 'mystery.kind', [
    { account: main(ids.a), amount: 100n },
    { account: HOUSE.adjustments, amount: -100n },
  ]);
  at(D2, '12:00');
  for (const day of [D1, D2])
    expect((await admin.post('/admin/reports/recompute', { day })).statusCode).toBe(303);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('the players’ balances reconciliation', () => {
  it('gives every day its balances at the start and the end, measured from the ledger, and a difference of 0', async () => {
    const rows = await exported(`from=${D1}&to=${D2}&period=day&currency=USD`);
    expect(rows.get(D1)).toMatchObject({
      player_balances_open: '0.00',
      player_balances_close: '156.04',
      difference: '0.00',
    });
    expect(rows.get(D2)).toMatchObject({
      player_balances_open: '156.04',
      player_balances_close: '171.04',
      difference: '0.00',
    });
    expect(rows.get('total')).toMatchObject({
      player_balances_open: '0.00',
      player_balances_close: '171.04',
      difference: '0.00',
    });
    expect(await balancesNow()).toBe(17_104n);
  });

  it('counts settled play only: an open bet is a liability, a voided one leaves turnover', async () => {
    const rows = await exported(`from=${D1}&to=${D2}&period=day&currency=USD`);
    // D1: only the closed casino round (2.00) is settled; the open bet (15.00) and round (3.00) are open bets.
    expect(rows.get(D1)).toMatchObject({
      stakes: '2.00',
      wins: '0.00',
      ggr: '2.00',
      sportsbook_margin_pct: '0.00',
      open_bets: '18.00',
      voided_stakes: '10.00',
    });
    // D2: the bet (15.00, paid 30.00) and the round (3.00, paid 4.00) settle.
    expect(rows.get(D2)).toMatchObject({
      stakes: '18.00',
      wins: '34.00',
      ggr: '-16.00',
      sportsbook_margin_pct: '-100.00',
      open_bets: '0.00',
      voided_stakes: '0.00',
    });
    const betting = await exported(`from=${D1}&to=${D2}&period=day&currency=USD&product=betting`);
    expect(betting.get(D1)).toMatchObject({ stakes: '0.00', open_bets: '15.00', player_balances_open: '' });
  });

  it('shows each movement on the reports page, the unclassified one named', async () => {
    const page = await admin.get(`/admin/reports?from=${D1}&to=${D2}&currency=USD`);
    expect(page.statusCode).toBe(200);
    const line = (label: string) =>
      new RegExp(
        `<th scope="row">${label}</th>(<td[^>]*>[^<]*</td>){2}<td data-label="[^"]*" class="num">([^<]*)</td>`,
      ).exec(page.body)?.[2];
    expect(line('Deposits')).toBe('$150.00');
    expect(line('Manual credits')).toBe('$10.00');
    expect(line('Quest rewards')).toBe('$5.00');
    expect(line('Jackpot payouts')).toBe('$11.04');
    expect(line('Sportsbook stakes placed')).toBe('-$25.00');
    expect(line('Sportsbook void and cancelled bets refunded')).toBe('$10.00');
    expect(line('Sportsbook settlement payouts')).toBe('$30.00');
    expect(line('Casino stakes')).toBe('-$5.00');
    expect(line('Casino wins')).toBe('$4.00');
    expect(line('Withdrawals requested \\(held\\)')).toBe('-$20.00');
    expect(line('Other: mystery.kind')).toBe('$1.00');
    expect(line('Withdrawals paid \\(out of the held money\\)')).toBe('$20.00');
    expect(page.body).toMatch(
      /Difference<\/th>(<td[^>]*>[^<]*<\/td>){2}<td data-label="Player balances" class="num">\$0\.00</,
    );
    // The same lines per period in a CSV.
    const csv = await admin.get(`/admin/reports/export.csv?from=${D1}&to=${D2}&currency=USD&table=movements`);
    const rows = csv.body.trim().split('\r\n');
    expect(rows[0]).toBe('period,group,line,kind,real_money,bonus_money,amount,count,house');
    expect(rows).toContain(`${D1},adjustments,Manual credits,adjustment.credit,10.00,0.00,10.00,1,no`);
    expect(rows).toContain(`${D2},other,Other: mystery.kind,mystery.kind,1.00,0.00,1.00,1,no`);
    expect(rows).toContain('total,balances,Difference,,,,0.00,,no');
  });

  it('shows a difference for a day aggregated before a late movement, until the day is rebuilt', async () => {
    at(D1, '15:00');
    await post('late', 'deposit', [
      { account: main(ids.b), amount: 700n },
      { account: HOUSE.payments, amount: -700n },
    ]);
    at(D2, '12:00');
    await admin.post('/admin/reports/recompute', { day: D2 });
    const week = `from=${D1}&to=${D2}&period=week&currency=USD`;
    expect((await exported(week)).get('total')?.difference).toBe('-7.00');
    expect((await exported(`from=${D2}&to=${D2}&currency=USD`)).get(D2)?.difference).toBe('0.00');
    await admin.post('/admin/reports/recompute', { day: D1 });
    expect((await exported(week)).get('total')).toMatchObject({
      player_balances_close: '178.04',
      difference: '0.00',
    });
  });

  it('follows today within a minute', async () => {
    at(D2, '12:00');
    await t.app.ctx.jobs.runRecurring(REPORT_JOB);
    await t.app.ctx.jobs.drain();
    t.clock.set(new Date(`${D2}T12:00:10Z`));
    await post('dep-now', 'deposit', [
      { account: main(ids.a), amount: 300n },
      { account: HOUSE.payments, amount: -300n },
    ]);
    t.clock.set(new Date(`${D2}T12:01:00Z`));
    await t.app.ctx.jobs.runRecurring(REPORT_JOB);
    await t.app.ctx.jobs.drain();
    expect((await exported(`from=${D2}&to=${D2}&currency=USD`)).get(D2)).toMatchObject({
      deposits: '3.00',
      player_balances_close: '181.04',
      difference: '0.00',
    });
  });
});
