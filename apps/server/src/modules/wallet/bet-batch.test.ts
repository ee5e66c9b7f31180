/**
 * Micro-batched bets (batch-executor.ts, docs/decisions/037): bets of several players arriving together share one
 * transaction on PostgreSQL, and each is still all or nothing — a refused one (not enough money, a blocked
 * player) fails alone and the others stand, to the cent. On PGlite there is no batching; the same expectations
 * hold, so the tests run on both.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import type { TBetEvent } from '../bets/bet-event.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { batchExecutorOf as batcherOf } from './batch-executor.ts';
import { poolOf } from './executors.ts';
import { walletService } from './wallet-service.ts';
import { fundedSession } from './wallet-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const statsNow = () => {
  const pool = poolOf(t.app.ctx.db);
  return pool ? { ...batcherOf(t.app.ctx, pool).stats } : null;
};

/** Runs `work` and answers how many batches of two or more it made and how many failed (null on PGlite). */
const batchesOf = async <T>(work: () => Promise<T>) => {
  const before = statsNow();
  const value = await work();
  const after = statsNow();
  const batches =
    before && after
      ? { made: after.batches - before.batches, failed: after.fallbacks - before.fallbacks }
      : null;
  return { value, batches };
};

/** On PostgreSQL: some of the calls went in a shared transaction, and none of those failed. */
const expectBatched = (batches: { made: number; failed: number } | null) => {
  if (!batches) return;
  expect(batches.made).toBeGreaterThan(0);
  expect(batches.failed).toBe(0);
};

const settled = <T>(all: Promise<T>[]) => Promise.allSettled(all);

type TSession = Awaited<ReturnType<typeof fundedSession>>;

/** A 1.00 stake of the player's, its transaction `<id>-<player>` in round `<id>-r-<player>`. */
const stake = (p: TSession, id: string) =>
  walletService.bet(t.app.ctx, {
    session: p.session,
    transactionId: `${id}-${p.player.id}`,
    roundId: `${id}-r-${p.player.id}`,
    amount: 100n,
  });

/**
 * Registers a hook as slow as a loyalty level's reward can be: its call for a batch, when two or more of the
 * batch's movements are `ours`, waits until `open()`. `entered` gives the players of the first call that waits;
 * `held`, every waiting call; `seen`, the transaction ids of every movement of ours the hook got.
 */
const gatedHook = (name: string, ours: (event: TBetEvent) => boolean) => {
  let open = (): void => undefined;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  let enter = (_players: number[]): void => undefined;
  const entered = new Promise<number[]>((resolve) => {
    enter = resolve;
  });
  const held: Promise<void>[] = [];
  const seen: string[] = [];
  t.app.ctx.bets.register({
    name,
    kinds: ['bet'],
    statement: 'select 1 from bet_events where false',
    appliesTo: () => false,
    afterCommit: (events) => {
      const picked = events.filter(ours);
      seen.push(...picked.map((e) => e.transactionId));
      if (picked.length < 2) return Promise.resolve();
      enter(picked.map((e) => e.playerId));
      const waiting = gate.then(() => undefined);
      held.push(waiting);
      return waiting;
    },
  });
  return { open, entered, held, seen };
};

describe('micro-batched bets', () => {
  it('takes eight players’ bets arriving together, each exactly once, in shared transactions', async () => {
    const players = await Promise.all(Array.from({ length: 8 }, () => fundedSession(t.app, 1_000n)));
    // Player i stakes 1.00 + i cents; the same calls again are repeats.
    const betAll = () =>
      Promise.all(
        players.map((p, i) =>
          walletService.bet(t.app.ctx, {
            session: p.session,
            transactionId: `bb-${p.player.id}`,
            roundId: `br-${p.player.id}`,
            amount: BigInt(100 + i),
          }),
        ),
      );
    const { value: answers, batches } = await batchesOf(betAll);
    expect(answers.map((a) => a.balance)).toEqual(players.map((_, i) => (1_000 - 100 - i) / 100));
    expectBatched(batches);
    for (const [i, p] of players.entries())
      expect((await getBalances(t.app.ctx.db, p.player.id)).main).toBe(BigInt(1_000 - 100 - i));
    // Repeats of the same calls, together again: answered from the record, nothing moves twice.
    const repeats = await betAll();
    expect(repeats.every((r) => r.replayed)).toBe(true);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('refuses only the bet that cannot be paid or is blocked; the others of its batch stand', async () => {
    const rich = await Promise.all(Array.from({ length: 5 }, () => fundedSession(t.app, 1_000n)));
    const poor = await fundedSession(t.app, 50n);
    const blocked = await fundedSession(t.app, 1_000n);
    await t.app.ctx.db.execute(sql`update players set status = 'banned' where id = ${blocked.player.id}`);
    const all = [...rich.slice(0, 3), poor, blocked, ...rich.slice(3)];
    const { value: results, batches } = await batchesOf(() =>
      settled(
        all.map((p) =>
          walletService.bet(t.app.ctx, {
            session: p.session,
            transactionId: `rb-${p.player.id}`,
            roundId: `rr-${p.player.id}`,
            amount: 100n,
          }),
        ),
      ),
    );
    const codeOf = (r: PromiseSettledResult<unknown>) =>
      r.status === 'rejected' ? (r.reason as { code?: string }).code : 'ok';
    expect(results.map(codeOf)).toEqual([
      'ok',
      'ok',
      'ok',
      'INSUFFICIENT_FUNDS',
      'PLAYER_BLOCKED',
      'ok',
      'ok',
    ]);
    // The batch holding the refused bets failed as a whole and its bets ran again alone.
    if (batches) expect(batches.failed).toBeGreaterThan(0);
    for (const p of rich) expect((await getBalances(t.app.ctx.db, p.player.id)).main).toBe(900n);
    expect((await getBalances(t.app.ctx.db, poor.player.id)).main).toBe(50n);
    expect((await getBalances(t.app.ctx.db, blocked.player.id)).main).toBe(1_000n);
    const rounds = await queryRows<{ n: number }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from game_rounds where player_id in (${poor.player.id}, ${blocked.player.id})`,
    );
    expect(rounds[0]?.n).toBe(0);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('takes, in one batch, stakes that open rounds, a second stake of a round and a free round’s stake', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => fundedSession(t.app, 1_000n)));
    const [again] = players as [(typeof players)[number]];
    await walletService.bet(t.app.ctx, {
      session: again.session,
      transactionId: `sb-first-${again.player.id}`,
      roundId: `sr-${again.player.id}`,
      amount: 100n,
    });
    // Player 0 stakes again in the round it opened; player 1's stake is 0 (a free round); the others open rounds.
    const amounts = players.map((_, i) => (i === 1 ? 0n : BigInt(200 + i)));
    const { value: answers, batches } = await batchesOf(() =>
      Promise.all(
        players.map((p, i) =>
          walletService.bet(t.app.ctx, {
            session: p.session,
            transactionId: `sb-${p.player.id}`,
            roundId: `sr-${p.player.id}`,
            amount: amounts[i] as bigint,
          }),
        ),
      ),
    );
    expectBatched(batches);
    const expected = players.map((_, i) => 1_000n - (amounts[i] as bigint) - (i === 0 ? 100n : 0n));
    expect(answers.map((a) => a.balance)).toEqual(expected.map((cents) => Number(cents) / 100));
    for (const [i, p] of players.entries())
      expect((await getBalances(t.app.ctx.db, p.player.id)).main).toBe(expected[i]);
    const rounds = await queryRows<{ round_id: string; bet_total: string; status: string; records: number }>(
      t.app.ctx.db,
      sql`select g.round_id, g.bet_total::text, g.status,
                 (select count(*)::int from wallet_transactions w where w.round_id = g.round_id) as records
            from game_rounds g where g.round_id = any (${`{${players.map((p) => `sr-${p.player.id}`)}}`}::text[])
           order by g.id`,
    );
    const byRound = new Map(rounds.map((r) => [r.round_id, [r.bet_total, r.status, r.records]]));
    expect(byRound.size).toBe(players.length);
    for (const [i, p] of players.entries())
      expect(byRound.get(`sr-${p.player.id}`)).toEqual([
        i === 0 ? '300' : String(amounts[i]),
        'open',
        i === 0 ? 2 : 1,
      ]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('pays wins and rollbacks arriving together, each once', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => fundedSession(t.app, 1_000n)));
    for (const p of players)
      await walletService.bet(t.app.ctx, {
        session: p.session,
        transactionId: `wb-${p.player.id}`,
        roundId: `wr-${p.player.id}`,
        amount: 200n,
      });
    const { batches } = await batchesOf(() =>
      Promise.all(
        players.map((p, i) =>
          i % 2 === 0
            ? walletService.win(t.app.ctx, {
                session: p.session,
                transactionId: `ww-${p.player.id}`,
                roundId: `wr-${p.player.id}`,
                amount: 500n,
              })
            : walletService.rollback(t.app.ctx, {
                session: p.session,
                transactionId: `wx-${p.player.id}`,
                referenceTransactionId: `wb-${p.player.id}`,
              }),
        ),
      ),
    );
    expectBatched(batches);
    for (const [i, p] of players.entries())
      expect((await getBalances(t.app.ctx.db, p.player.id)).main).toBe(i % 2 === 0 ? 1_300n : 1_000n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('plays eight players’ games.play rounds arriving together, exact to the cent', async () => {
    const clients = await Promise.all(Array.from({ length: 8 }, () => fundedClient(t.app, 10_000n)));
    const { value: answers, batches } = await batchesOf(() =>
      Promise.all(
        clients.map(({ client }) =>
          client.post('games.play', {
            sysname: 'sparkrush_dice_duel',
            mode: 'real',
            bet: '1.00',
            params: JSON.stringify({ target: 5000, over: true }),
          }),
        ),
      ),
    );
    for (const [i, answer] of answers.entries()) {
      expect(answer.error).toBeNull();
      const { player } = clients[i] as (typeof clients)[number];
      const win = BigInt(Math.round(Number(answer.data.win ?? 0) * 100));
      expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_000n - 100n + win);
    }
    expectBatched(batches);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'answers a batch’s bets and takes its players’ next ones while the pipeline’s hooks are still running',
    async () => {
      const players = await Promise.all(Array.from({ length: 8 }, () => fundedSession(t.app, 1_000n)));
      const gated = new Set(players.map((p) => p.player.id));
      const hook = gatedHook('test_gated_hook', (e) => gated.has(e.playerId));
      const betAll = (round: string) =>
        batchesOf(() => Promise.all(players.map((p) => stake(p, `gh${round}`))));
      // Both rounds are answered with the gate shut: neither the answers nor the players wait for the hooks.
      const first = await betAll('1');
      expectBatched(first.batches);
      // The batch's hook runs after the answers, and waits at the gate.
      await hook.entered;
      const second = await betAll('2');
      expectBatched(second.batches);
      expect(second.value.map((a) => a.balance)).toEqual(players.map(() => 8));
      hook.open();
      await Promise.all(hook.held);
      // Every bet reached the hooks once.
      expect(hook.seen.toSorted()).toEqual(
        ['1', '2'].flatMap((round) => players.map((p) => `gh${round}-${p.player.id}`)).toSorted(),
      );
      expect(await auditLedger(t.app.ctx.db)).toEqual([]);
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'keeps a player’s next bet in the queue while its bet in flight waits, even when an earlier batch’s hooks end',
    async () => {
      const pool = poolOf(t.app.ctx.db) as NonNullable<ReturnType<typeof poolOf>>;
      const batcher = batcherOf(t.app.ctx, pool);
      const players = await Promise.all(Array.from({ length: 4 }, () => fundedSession(t.app, 1_000n)));
      const ids = new Set(players.map((p) => p.player.id));
      const hook = gatedHook(
        'test_gated_first_round',
        (e) => ids.has(e.playerId) && e.transactionId.startsWith('q1-'),
      );
      // A batch of the first bets, answered, its hooks waiting at the gate.
      await Promise.all(players.map((p) => stake(p, 'q1')));
      const [gatedPlayer] = await hook.entered;
      const p = players.find((x) => x.player.id === gatedPlayer) as TSession;
      // The player's next bet waits on its accounts' lock, held elsewhere: the player is in flight.
      const holder = await pool.connect();
      await holder.query('begin');
      await holder.query('select 1 from ledger_accounts where player_id = $1 for update', [p.player.id]);
      const jobs = batcher.stats.jobs;
      const second = stake(p, 'q2');
      while (batcher.stats.jobs === jobs) await new Promise((r) => setImmediate(r));
      // The first batch's hooks end: that must not free the player of the bet still in flight.
      hook.open();
      await Promise.all(hook.held);
      const third = stake(p, 'q3');
      // Past the stall time, a freed player's bet would start a batch of its own beside the waiting one.
      await new Promise((r) => setTimeout(r, 100));
      expect(batcher.stats.jobs).toBe(jobs + 1);
      await holder.query('commit');
      holder.release();
      await Promise.all([second, third]);
      expect((await getBalances(t.app.ctx.db, p.player.id)).main).toBe(700n);
      expect(await auditLedger(t.app.ctx.db)).toEqual([]);
    },
  );
});
