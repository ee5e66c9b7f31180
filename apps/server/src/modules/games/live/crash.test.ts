/** The shared crash table: one committed round for every player, cash-outs by the server's clock, the wallet exact. */
import type { ZCrashBet, ZCrashRound } from '@casino/contracts/calls/games-crash';
import { crashMultiplierAt, crashPoint, crashTimeFor, replay } from '@casino/games';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { z } from 'zod';
import { queryRows } from '../../../platform/db/database.ts';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { loyaltyRewardsInPointsOnly } from '../../loyalty/test-helpers.ts';
import { loadRound } from '../play/rounds.ts';
import {
  balancesOf,
  cents,
  fundedClient,
  referenceFloats,
  referenceSha256,
  type TClient,
} from '../play/test-helpers.ts';
import {
  CRASH_BETTING_MS,
  CRASH_PAUSE_MS,
  crashAtOf,
  crashPointOf,
  flightStartOf,
  latestCrashRound,
  type TCrashRow,
} from './crash-round.ts';
import { tickCrashTables } from './crash-table.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loyaltyRewardsInPointsOnly(t.app.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

const SYSNAME = 'sparkrush_rocket_rush';
type TBet = z.output<typeof ZCrashBet>;
type TTable = z.output<typeof ZCrashRound>;
type TEvent = { event: string; data: Partial<TTable> & { bet?: TBet } };
const now = () => t.clock.now().getTime();
const tick = () => tickCrashTables(t.app.ctx);
const current = async () => (await latestCrashRound(t.app.ctx.db, SYSNAME)) as TCrashRow;

/** Runs the table's clock to `at`, ticking at least every second (as the timer does). */
const runUntil = async (at: number) => {
  while (now() < at) {
    t.clock.advance(Math.min(1_000, at - now()));
    await tick();
  }
};

/** Plays rounds without bets until one is open for betting whose crash point satisfies `wanted`. */
const nextRound = async (wanted: (crash: number) => boolean = () => true) => {
  await tick();
  for (let guard = 0; guard < 200; guard++) {
    const row = await current();
    if (row.phase === 'betting' && now() < flightStartOf(row) - 2_000 && wanted(crashPointOf(row)))
      return row;
    t.clock.set(new Date(Math.max(now(), flightStartOf(row))));
    await tick();
    t.clock.set(new Date(Math.max(now(), crashAtOf(row))));
    await tick();
    t.clock.advance(CRASH_PAUSE_MS);
    await tick();
  }
  throw new Error('no round with the wanted crash point');
};

const bet = (client: TClient, mode: string, amount: string, params: Record<string, unknown> = {}) =>
  client.post('games.play', { sysname: SYSNAME, mode, bet: amount, params: JSON.stringify(params) });
const cashout = (client: TClient, roundId: string, extra: Record<string, unknown> = {}) =>
  client.post('games.play', {
    sysname: SYSNAME,
    round_id: roundId,
    params: JSON.stringify({ type: 'cashout', ...extra }),
  });
const record = async (client: TClient, roundId: string) =>
  (await client.get('games.getRound', { round_id: roundId })).data;
/** A visitor's play money, found by one of their rounds. */
const visitorBalance = async (roundId: string) => {
  const [row] = await queryRows<{ balance: unknown }>(
    t.app.ctx.db,
    sql`select w.balance from play_visitor_wallets w join play_rounds r on r.visitor = w.visitor
        where r.id = ${roundId}`,
  );
  return BigInt(String(row?.balance ?? 0));
};

describe('crash table', () => {
  it('runs one committed round for every player: bets, auto and manual cash-outs, the crash, the reveal', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const round = await nextRound((crash) => crash >= 300);
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/live?sysname=${SYSNAME}`);
    const events: TEvent[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));

    const a = await fundedClient(t.app, 10_000n);
    const b = await fundedClient(t.app, 10_000n);
    await t.app.ctx.db.execute(sql`update players set fakename = 'RocketFan' where id = ${b.player.id}`);
    const visitor = apiClient(t.app);
    const view = (await apiClient(t.app).get('games.getCrashRound', { sysname: SYSNAME })).data;
    expect(view).toMatchObject({
      phase: 'betting',
      table_round_id: round.id,
      nonce: Number(round.seq),
      client_seed: SYSNAME,
      crash_point: null,
      server_seed: null,
      bets: [],
    });
    expect(view.server_seed_hash).toBe(referenceSha256(round.server_seed));

    const autoA = await bet(a.client, 'real', '2.00', { auto_cashout: 1.5 });
    const plainA = await bet(a.client, 'real', '1', {});
    const manualB = await bet(b.client, 'real', '5.00');
    const autoV = await bet(visitor, 'demo', '1.00', { auto_cashout: '2' });
    for (const x of [autoA, plainA, manualB, autoV]) expect(x.error, JSON.stringify(x.error)).toBeNull();
    expect(autoA.data).toMatchObject({
      status: 'open',
      bet: 2,
      balance: 98,
      server_seed_hash: view.server_seed_hash,
      client_seed: SYSNAME,
      nonce: view.nonce,
      outcome: { crash: null, cashedOutAt: null, won: false, autoCashout: 150 },
    });
    expect(manualB.data.nonce).toBe(autoA.data.nonce);
    expect((await balancesOf(t.app, a.player.id)).main).toBe(9_700n);
    // The seed stays secret until the crash; both players see the same round and its players list.
    expect((await record(a.client, autoA.data.round_id)).server_seed).toBeNull();
    const seenByA = (await a.client.get('games.getCrashRound', { sysname: SYSNAME })).data;
    const seenByB = (await b.client.get('games.getCrashRound', { sysname: SYSNAME })).data;
    expect(seenByA.table_round_id).toBe(seenByB.table_round_id);
    expect(seenByA.bets).toEqual(seenByB.bets);
    expect(seenByA.bets).toHaveLength(4);
    expect(seenByA.bets[0]).toEqual({
      round_id: autoA.data.round_id,
      player: `${a.email.slice(0, 2)}***`,
      mode: 'real',
      bet: 2,
      currency: 'USD',
      status: 'open',
      cashout: null,
      win: 0,
    });
    expect(seenByA.bets.find((x: TBet) => x.mode === 'demo').player).toBe('');
    // a fakename is shown as chosen; a login only masked
    expect(seenByA.bets.find((x: TBet) => x.round_id === manualB.data.round_id).player).toBe('RocketFan');
    expect(seenByA.mine.map((x: TTable['mine'][number]) => x.auto_cashout)).toEqual([1.5, null]);
    expect(seenByB.mine.map((x: TBet) => x.round_id)).toEqual([manualB.data.round_id]);

    // Before take-off: no cash-out. At the close: no more bets.
    expect((await cashout(b.client, manualB.data.round_id)).error.error_data.reason).toBe('not_started');
    t.clock.set(new Date(flightStartOf(round)));
    const late = await bet(b.client, 'real', '1.00');
    expect(late.error).toMatchObject({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { sysname: 'wrongField' }, reason: 'betting_closed' },
    });
    await tick();
    expect((await current()).phase).toBe('flying');
    t.clock.advance(50);
    expect((await cashout(b.client, manualB.data.round_id)).error.error_data.reason).toBe('too_early');

    // The flight passes 1.50×: A's auto cash-out is paid by the table, with nobody asking.
    await runUntil(flightStartOf(round) + crashTimeFor(150));
    const paidA = await record(a.client, autoA.data.round_id);
    expect(paidA).toMatchObject({ status: 'finished', win: 3, outcome: { cashedOutAt: 150, won: true } });
    expect(paidA.actions).toEqual([{ stake: '200', autoCashout: 150 }, { type: 'end' }]);
    expect((await balancesOf(t.app, a.player.id)).main).toBe(9_700n + 300n);

    // B cashes out by hand at the server's multiplier; the number the client sends is ignored.
    await runUntil(flightStartOf(round) + crashTimeFor(220) + 120);
    const expected = crashMultiplierAt(now() - flightStartOf(round));
    const outB = await cashout(b.client, manualB.data.round_id, { multiplier: 100000 });
    expect(outB.error, JSON.stringify(outB.error)).toBeNull();
    expect(outB.data).toMatchObject({ status: 'finished', outcome: { cashedOutAt: expected, won: true } });
    expect(cents(outB.data.win)).toBe((500n * BigInt(expected)) / 100n);
    expect((await record(b.client, manualB.data.round_id)).actions.at(-1)).toEqual({
      type: 'cashout',
      multiplier: expected,
    });
    expect((await cashout(b.client, manualB.data.round_id)).error.error_data.reason).toBe('round_finished');
    expect(cents(outB.data.balance)).toBe(9_500n + cents(outB.data.win));

    // At the crash point: a cash-out is too late even before the table has ticked; then every open bet settles.
    const crashAt = crashAtOf(round);
    await runUntil(crashAt - 1);
    t.clock.set(new Date(crashAt));
    expect((await cashout(a.client, plainA.data.round_id)).error).toMatchObject({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { round_id: 'wrongField' }, reason: 'crashed' },
    });
    await tick();
    const after = (await apiClient(t.app).get('games.getCrashRound', { sysname: SYSNAME })).data;
    expect(after).toMatchObject({ phase: 'settled', interrupted: false, server_seed: round.server_seed });
    expect(after.bets.map((x: TBet) => x.status)).toEqual(['cashed_out', 'lost', 'cashed_out', 'cashed_out']);
    expect(after.bets.map((x: TBet) => x.cashout)).toEqual([1.5, null, expected / 100, 2]);
    expect(after.recent[0]).toMatchObject({
      table_round_id: round.id,
      crash_point: crashPointOf(round) / 100,
      server_seed: round.server_seed,
    });

    // The seed is revealed; the crash point recomputes from it apart from our package, and every record replays.
    const lostA = await record(a.client, plainA.data.round_id);
    expect(lostA).toMatchObject({ status: 'finished', win: 0, outcome: { won: false, cashedOutAt: null } });
    expect(lostA.server_seed).toBe(round.server_seed);
    expect(referenceSha256(lostA.server_seed)).toBe(lostA.server_seed_hash);
    const [float] = referenceFloats(lostA.server_seed, lostA.client_seed, lostA.nonce, 1);
    expect(crashPoint(float!)).toBe(lostA.outcome.crash);
    expect(lostA.outcome.crash).toBe(crashPointOf(round));
    for (const id of [autoA, plainA, manualB, autoV].map((x) => x.data.round_id)) {
      const stored = (await loadRound(t.app.ctx.db, id))!;
      const steps = replay({
        game: 'crash',
        serverSeed: round.server_seed,
        clientSeed: stored.clientSeed,
        nonce: stored.nonce,
        actions: stored.actions,
      });
      expect(steps.at(-1)!.finished).toBe(true);
      expect(steps.at(-1)!.win).toBe(stored.win);
      expect(steps.at(-1)!.outcome).toEqual(stored.outcome);
    }

    // The wallet: every stake and win, exact to the cent; demo on the visitor's play money.
    expect((await balancesOf(t.app, a.player.id)).main).toBe(10_000n - 200n - 100n + 300n);
    expect((await balancesOf(t.app, b.player.id)).main).toBe(10_000n - 500n + cents(outB.data.win));
    expect(await visitorBalance(autoV.data.round_id)).toBe(100_000n - 100n + 200n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);

    t.clock.advance(CRASH_PAUSE_MS);
    await tick();
    const next = (await apiClient(t.app).get('games.getCrashRound', { sysname: SYSNAME })).data;
    expect(next).toMatchObject({ phase: 'betting', nonce: Number(round.seq) + 1, bets: [] });
    expect(next.server_seed_hash).not.toBe(round.server_seed_hash);

    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.close();
    const phases = events.filter((e) => e.event === 'live.crash.round').map((e) => e.data.phase);
    expect(phases).toEqual(['flying', 'crashed', 'settled', 'betting']);
    expect(events.find((e) => e.data?.phase === 'flying')?.data.crash_point).toBeNull();
    const crashed = events.find((e) => e.data?.phase === 'crashed')?.data;
    expect(crashed).toMatchObject({ crash_point: crashPointOf(round) / 100, server_seed: round.server_seed });
    const settled = events.find((e) => e.data?.phase === 'settled')?.data;
    expect(settled?.bets).toEqual(after.bets);
    const betEvents = events.filter((e) => e.event === 'live.crash.bet').map((e) => e.data.bet as TBet);
    expect(betEvents.map((x: TBet) => x.status)).toEqual([
      'open',
      'open',
      'open',
      'open',
      'cashed_out',
      'cashed_out',
      'cashed_out',
      'lost',
    ]);
    expect(betEvents[4]).toMatchObject({ round_id: autoA.data.round_id, cashout: 1.5, win: 3 });
  }, 60_000);

  it('sends a big crash win to the winners feed', async () => {
    const round = await nextRound((crash) => crash >= 101);
    const { client, player } = await fundedClient(t.app, 10_000n);
    const placed = await bet(client, 'real', '50.00', { auto_cashout: '1.01' });
    expect(placed.error).toBeNull();
    t.clock.set(new Date(flightStartOf(round)));
    await runUntil(flightStartOf(round) + crashTimeFor(101));
    const winners = (await apiClient(t.app).get('games.getWinners', { sysnames: SYSNAME })).data;
    expect(winners[0]).toMatchObject({ round_id: placed.data.round_id, bet: 50, win: 50.5 });
    expect((await balancesOf(t.app, player.id)).main).toBe(10_050n);
    await runUntil(crashAtOf(round));
  });

  it('refuses bad bets and foreign cash-outs with field codes', async () => {
    await nextRound();
    const { client } = await fundedClient(t.app, 100n);
    const other = await fundedClient(t.app, 1_000n);
    const reason = async (answer: Promise<{ error: { error_data: unknown } | null }>) =>
      (await answer).error?.error_data;
    for (const auto of [1, '1.00', 'abc', 2.555, 2_000_000])
      expect(await reason(bet(client, 'real', '1.00', { auto_cashout: auto }))).toMatchObject({
        invalid_parameters: { params: 'wrongField' },
        reason: 'invalid_cashout',
      });
    expect(await reason(client.post('games.play', { sysname: SYSNAME, mode: 'real' }))).toMatchObject({
      invalid_parameters: { bet: 'requiredField' },
    });
    expect(await reason(bet(client, 'real', '2000.00'))).toMatchObject({
      invalid_parameters: { bet: 'wrongField' },
      min_bet: 0.1,
      max_bet: 1000,
    });
    expect((await bet(client, 'real', '5.00')).error).toMatchObject({
      type: 'UserNeedDepositException',
      error_data: { required: 5, balance: 1 },
    });
    expect((await bet(apiClient(t.app), 'real', '1.00')).error.type).toBe('AuthorizationException');
    const mine = await bet(other.client, 'real', '1.00');
    expect(await reason(cashout(client, mine.data.round_id))).toMatchObject({
      invalid_parameters: { round_id: 'wrongField' },
    });
    expect(
      await reason(client.post('games.play', { sysname: SYSNAME, params: '{"type":"cashout"}' })),
    ).toMatchObject({ invalid_parameters: { round_id: 'requiredField' } });
    expect(
      (await apiClient(t.app).get('games.getCrashRound', { sysname: 'lanternlight_lanternlight_roulette' }))
        .error.error_data,
    ).toMatchObject({ invalid_parameters: { sysname: 'wrongField' } });
    expect((await balancesOf(t.app, other.player.id)).main).toBe(900n);
  });

  it('resumes from the database after a restart: a gap in the flight changes nothing, a table down at the crash returns the open bets', async () => {
    // Down for a while in mid-flight, back before the crash: the flight goes on, a cash-out still counts.
    let round = await nextRound((crash) => crash >= 300);
    const early = await fundedClient(t.app, 1_000n);
    const held = await bet(early.client, 'real', '1.00');
    t.clock.set(new Date(flightStartOf(round) + crashTimeFor(200)));
    await tick();
    const out = await cashout(early.client, held.data.round_id);
    expect(out.data).toMatchObject({ status: 'finished', outcome: { won: true } });
    await runUntil(crashAtOf(round));
    expect((await current()).interrupted).toBe(false);

    // Down from the betting window until long after the crash: auto cash-outs reached are paid, the rest returned.
    round = await nextRound((crash) => crash >= 200 && crash < 100_000);
    const point = crashPointOf(round);
    const p1 = await fundedClient(t.app, 1_000n);
    const p2 = await fundedClient(t.app, 1_000n);
    const p3 = await fundedClient(t.app, 1_000n);
    const visitor = apiClient(t.app);
    const reached = await bet(p1.client, 'real', '2.00', { auto_cashout: '1.10' });
    const beyond = await bet(p2.client, 'real', '3.00', { auto_cashout: ((point + 1) / 100).toFixed(2) });
    const plain = await bet(p3.client, 'real', '4.00');
    const demo = await bet(visitor, 'demo', '5.00');
    for (const x of [reached, beyond, plain, demo]) expect(x.error, JSON.stringify(x.error)).toBeNull();
    const visitorBefore = await visitorBalance(demo.data.round_id);
    t.clock.set(new Date(crashAtOf(round) + 60_000));
    // two instances come back at once: each step happens once
    await Promise.all([tick(), tick()]);
    await tick();
    const view = (await apiClient(t.app).get('games.getCrashRound', { sysname: SYSNAME })).data;
    const settled = view.phase === 'settled' ? view : null;
    const listed =
      settled?.bets ??
      (await queryRows<TBet>(
        t.app.ctx.db,
        sql`select status from crash_bets where table_round_id = ${round.id} order by seq`,
      ));
    expect(listed.map((x: TBet) => x.status)).toEqual(['cashed_out', 'returned', 'returned', 'returned']);
    const [row] = await queryRows<{ interrupted: boolean }>(
      t.app.ctx.db,
      sql`select interrupted from live_table_rounds where id = ${round.id}`,
    );
    expect(row!.interrupted).toBe(true);
    expect((await balancesOf(t.app, p1.player.id)).main).toBe(1_000n - 200n + 220n);
    expect((await balancesOf(t.app, p2.player.id)).main).toBe(1_000n);
    expect((await balancesOf(t.app, p3.player.id)).main).toBe(1_000n);
    expect(await visitorBalance(demo.data.round_id)).toBe(visitorBefore + 500n);
    expect((await record(p3.client, plain.data.round_id)).status).toBe('rolled_back');
    expect((await record(p1.client, reached.data.round_id)).server_seed).toBe(round.server_seed);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  }, 60_000);

  it('goes on when the wallet fails for a bet: the others settle, the table runs, the bet is paid on a later round', async () => {
    const round = await nextRound((crash) => crash >= 200);
    const player = await fundedClient(t.app, 1_000n);
    const visitor = apiClient(t.app);
    const paid = await bet(player.client, 'real', '1.00', { auto_cashout: '1.50' });
    const stuck = await bet(visitor, 'demo', '2.00', { auto_cashout: '1.50' });
    for (const x of [paid, stuck]) expect(x.error, JSON.stringify(x.error)).toBeNull();
    const before = await visitorBalance(stuck.data.round_id);
    // The visitor's play money refuses every credit for a while.
    await t.app.ctx.db.execute(sql`create function crash_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'wallet unavailable'; end $$`);
    await t.app.ctx.db.execute(sql`create trigger crash_test_refuse before insert on play_visitor_moves
      for each row when (new.kind = 'win') execute function crash_test_refuse()`);
    const failures: unknown[] = [];
    const tolerantUntil = async (at: number) => {
      while (now() < at) {
        t.clock.advance(Math.min(1_000, at - now()));
        await tick().catch((error: unknown) => failures.push(error));
      }
    };
    await tolerantUntil(crashAtOf(round) + CRASH_PAUSE_MS);
    expect(failures.length).toBeGreaterThan(0);
    expect((await current()).seq).toBe(Number(round.seq) + 1); // the table went on
    expect((await record(player.client, paid.data.round_id)).win).toBe(1.5);
    expect((await record(visitor, stuck.data.round_id)).status).toBe('open');
    await t.app.ctx.db.execute(sql`drop trigger crash_test_refuse on play_visitor_moves`);
    await t.app.ctx.db.execute(sql`drop function crash_test_refuse`);
    // Retried when the table opens its next round.
    const next = await current();
    await tolerantUntil(crashAtOf(next) + CRASH_PAUSE_MS);
    expect(await record(visitor, stuck.data.round_id)).toMatchObject({ status: 'finished', win: 3 });
    expect(await visitorBalance(stuck.data.round_id)).toBe(before + 300n);
    const listed = await queryRows<TBet>(
      t.app.ctx.db,
      sql`select status from crash_bets where round_id = ${stuck.data.round_id}`,
    );
    expect(listed[0]?.status).toBe('cashed_out');
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  }, 60_000);

  it('opens the next round CRASH_PAUSE_MS after the crash and keeps the betting window', async () => {
    const round = await nextRound();
    expect(new Date(round.closes_at).getTime() - new Date(round.opened_at).getTime()).toBe(CRASH_BETTING_MS);
  });
});
