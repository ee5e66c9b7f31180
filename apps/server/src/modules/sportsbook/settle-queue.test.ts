/**
 * Settlement in the jobs queue (docs/decisions/030): the feed answers before the bets' money moves; the queue
 * settles them in batches exactly once, across a crash between batches and with a rollback or cancel arriving
 * while a settlement is under way (the later message wins, a bet never pays twice).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { SETTLE_CHAINS, SETTLE_JOB, settleBatch } from './settle-queue.ts';
import { feedClient } from './sportsbook-test-helpers.ts';

let t: TTestApp;
let feed: ReturnType<typeof feedClient>;
let uuid = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  feed = feedClient(t.app);
}, 180_000);
afterAll(() => t.close());

type TClient = Awaited<ReturnType<typeof fundedClient>>['client'];

/** `count` singles of 10.00 on outcome `outcome` of market 1 at 2.00; answers their ids. */
const placeSingles = async (client: TClient, eventId: string, outcome: string, count: number) => {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const placed = await client.post('sportsbook.placeBet', {
      selections: JSON.stringify([
        { event_id: eventId, market_id: 1, specifiers: '', outcome_id: outcome, odds: 2 },
      ]),
      type: 'single',
      stake: '10.00',
      accept_odds: 'any',
      bet_uuid: `q-${uuid++}`,
    });
    expect(placed.error).toBeNull();
    ids.push(Number(placed.data.bets[0].id));
  }
  return ids;
};

const statuses = async (eventId: string) =>
  (
    await queryRows<{ status: string; settle_count: number }>(
      t.app.ctx.db,
      sql`select b.status, b.settle_count from sb_bets b join sb_bet_legs l on l.bet_id = b.id
           where l.event_id = ${eventId} order by b.id`,
    )
  ).map((r) => `${r.status}/${r.settle_count}`);

const settleWins = (eventId: string, winner: string) =>
  feed.ok(
    {
      type: 'bet_settlement',
      event_id: eventId,
      markets: [
        {
          id: 1,
          specifiers: '',
          outcomes: ['1', '2', '3'].map((id) => ({ id, result: id === winner ? 1 : 0 })),
        },
      ],
    },
    false,
  );

type TPayload = Parameters<typeof settleBatch>[1];

/** The queued settle jobs of the latest settlement, one per chain, as a crashed worker left them. */
const queuedPayloads = async () =>
  (
    await queryRows<{ payload: TPayload }>(
      t.app.ctx.db,
      sql`select payload from jobs where name = ${SETTLE_JOB} and status = 'queued'
           order by id desc limit ${SETTLE_CHAINS}`,
    )
  ).map((r) => r.payload);

/** The queued job of the latest settlement whose chain holds the player's bets. */
const queuedPayloadOf = async (playerId: number) => {
  const payload = (await queuedPayloads()).find((p) => playerId % (p.chains ?? 1) === (p.chain ?? 0));
  if (!payload) throw new Error(`no queued chain for player ${playerId}`);
  return payload;
};

const mainOf = async (playerId: number) => (await getBalances(t.app.ctx.db, playerId)).main;

describe('settlement in the jobs queue', () => {
  it('answers the feed at once; the queue settles every bet, paid once', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('q1', [2, 3, 4]);
    await placeSingles(client, 'q1', '1', 3);
    await placeSingles(client, 'q1', '2', 2);
    expect(await mainOf(player.id)).toBe(5_000n);
    expect(await settleWins('q1', '1')).toEqual({ status: 200, body: { ok: true } });
    expect(await statuses('q1')).toEqual(Array(5).fill('open/0'));
    expect(await mainOf(player.id)).toBe(5_000n);
    expect(await t.app.ctx.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(await statuses('q1')).toEqual([...Array(3).fill('won/1'), ...Array(2).fill('lost/1')]);
    expect(await mainOf(player.id)).toBe(11_000n);
    // Nothing left to run, and running a batch again moves nothing.
    expect(await t.app.ctx.jobs.drain()).toBe(0);
    await settleBatch(t.app.ctx, {
      message: 'again',
      markets: [{ eventId: 'q1', marketId: 1, specifiers: '' }],
      after: 0,
    });
    expect(await mainOf(player.id)).toBe(11_000n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a crash between batches loses and repeats nothing; a rollback arriving meanwhile wins', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('q2', [2, 3, 4]);
    await placeSingles(client, 'q2', '1', 5);
    expect(await mainOf(player.id)).toBe(5_000n);
    await settleWins('q2', '1');
    const payload = await queuedPayloadOf(player.id);
    // A worker settles the first two bets, then dies before marking its job done: the job is run again.
    await settleBatch(t.app.ctx, payload, 2);
    await settleBatch(t.app.ctx, payload, 2);
    expect(await statuses('q2')).toEqual([...Array(2).fill('won/1'), ...Array(3).fill('open/0')]);
    expect(await mainOf(player.id)).toBe(9_000n);
    // The feed rolls the settlement back before the rest is settled: the later message wins for every bet.
    await feed.ok(
      { type: 'rollback_bet_settlement', event_id: 'q2', markets: [{ id: 1, specifiers: '' }] },
      false,
    );
    await t.app.ctx.jobs.drain();
    expect(await statuses('q2')).toEqual([...Array(2).fill('open/1'), ...Array(3).fill('open/0')]);
    expect(await mainOf(player.id)).toBe(5_000n);
    // A re-settlement, queued twice over (another settlement and a redelivery), pays each bet once.
    await settleWins('q2', '1');
    await settleWins('q2', '2');
    await t.app.ctx.jobs.drain();
    expect(await statuses('q2')).toEqual([...Array(2).fill('lost/2'), ...Array(3).fill('lost/1')]);
    expect(await mainOf(player.id)).toBe(5_000n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('settles the players in chains side by side: a chain reconciles only its own players', async () => {
    expect(SETTLE_CHAINS).toBeGreaterThan(1);
    const a = await fundedClient(t.app, 10_000n);
    let b = await fundedClient(t.app, 10_000n);
    while (b.player.id % SETTLE_CHAINS === a.player.id % SETTLE_CHAINS)
      b = await fundedClient(t.app, 10_000n);
    await feed.football('q4', [2, 3, 4]);
    const [first] = await placeSingles(a.client, 'q4', '1', 2);
    await placeSingles(b.client, 'q4', '1', 2);
    await placeSingles(a.client, 'q4', '2', 1);
    await settleWins('q4', '1');
    expect((await queuedPayloads()).map((p) => [p.chain, p.chains, p.after]).sort()).toEqual(
      Array.from({ length: SETTLE_CHAINS }, (_, chain) => [chain, SETTLE_CHAINS, 0]),
    );
    // A's chain, one bet a batch: A's bets only, in id order; B's bets wait for their own chain.
    const chainOfA = await queuedPayloadOf(a.player.id);
    await settleBatch(t.app.ctx, chainOfA, 1);
    expect(await statuses('q4')).toEqual(['won/1', 'open/0', 'open/0', 'open/0', 'open/0']);
    await settleBatch(t.app.ctx, { ...chainOfA, after: first ?? 0 }, 5);
    expect(await statuses('q4')).toEqual(['won/1', 'won/1', 'open/0', 'open/0', 'lost/1']);
    expect(await mainOf(b.player.id)).toBe(8_000n);
    await t.app.ctx.jobs.drain();
    expect(await statuses('q4')).toEqual(['won/1', 'won/1', 'won/1', 'won/1', 'lost/1']);
    expect([await mainOf(a.player.id), await mainOf(b.player.id)]).toEqual([11_000n, 12_000n]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a bet_cancel arriving before the settlement ran voids the bets instead', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('q3', [2, 3, 4]);
    await placeSingles(client, 'q3', '1', 3);
    await settleWins('q3', '1');
    await feed.ok({ type: 'bet_cancel', event_id: 'q3', markets: [{ id: 1, specifiers: '' }] }, false);
    await t.app.ctx.jobs.drain();
    expect(await statuses('q3')).toEqual(Array(3).fill('cancelled/1'));
    expect(await mainOf(player.id)).toBe(10_000n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });
});
