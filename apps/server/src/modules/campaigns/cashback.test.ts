/**
 * Cashback: the weekly program of content/campaigns/cashback.json (10 % of the week's real-money net losses, at least
 * 1.00, at most 500.00, as a bonus wagered once, 7 days to claim), computed on the jobs queue at the period's end
 * from the ledger, once; cashbacks.get / payout / remove; nothing for a player in a time-out; lapsing unclaimed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { refreshSession } from '../cashier/cashier-test-helpers.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { lastPeriod } from './cashback.ts';
import { CASHBACK_JOB } from './module.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

let seq = 0;
/** A player who lost `loss` cents of real money this week on a slot (bets, and a win of a quarter of them). */
const loser = async (stake: bigint) => {
  const made = await fundedClient(t.app, 100_000n);
  const { token } = await walletService.openSession(t.app.ctx, {
    playerId: made.player.id,
    game: 'copperfox_cherry_flare',
    mode: 'real',
    provider: 'acme',
  });
  const round = `cb${++seq}`;
  await walletService.bet(t.app.ctx, {
    session: token,
    transactionId: `${round}b`,
    roundId: round,
    amount: stake,
  });
  await walletService.win(t.app.ctx, {
    session: token,
    transactionId: `${round}w`,
    roundId: round,
    amount: stake / 4n,
  });
  return made;
};

const runJob = async () => {
  await t.app.ctx.jobs.runRecurring(CASHBACK_JOB);
  await t.app.ctx.jobs.drain();
};

describe('the period', () => {
  it('is the last whole day, week from Monday or month, in UTC', () => {
    const now = new Date('2026-11-25T10:00:00Z'); // a Wednesday
    expect(lastPeriod('daily', now)).toEqual({
      start: new Date('2026-11-24T00:00:00Z'),
      end: new Date('2026-11-25T00:00:00Z'),
    });
    expect(lastPeriod('weekly', now)).toEqual({
      start: new Date('2026-11-16T00:00:00Z'),
      end: new Date('2026-11-23T00:00:00Z'),
    });
    expect(lastPeriod('monthly', now)).toEqual({
      start: new Date('2026-10-01T00:00:00Z'),
      end: new Date('2026-11-01T00:00:00Z'),
    });
    expect(lastPeriod('weekly', new Date('2026-11-23T00:00:00Z')).end).toEqual(
      new Date('2026-11-23T00:00:00Z'),
    );
  });
});

describe('weekly cashback', () => {
  it('is computed once at the end of the week, claimed as a bonus, and dismissed', async () => {
    const start = t.clock.now(); // Saturday 2026-11-21
    const { client, player } = await loser(8_000n); // net loss 60.00 → cashback 6.00
    const small = await loser(1_000n); // net loss 7.50 → 0.75, under the 1.00 minimum
    const excluded = await loser(8_000n);
    await t.app.ctx.db.execute(
      sql`insert into rg_exclusions (player_id, type, period, starts_at, ends_at, created_at)
          values (${excluded.player.id}, 'time_out', '7', ${start}, ${new Date(start.getTime() + 30 * 86_400_000)}, ${start})`,
    );
    try {
      t.clock.set(new Date('2026-11-23T00:10:00Z'));
      await runJob();
      await runJob();
      for (const made of [{ client, player }, small])
        await refreshSession(t.app, made.client, made.player.id);
      const listed = await client.get('cashbacks.get', { count: 1, sort: 'end_date', order: 'desc' });
      expect(listed.error).toBeNull();
      expect(listed.data).toEqual({
        count: 1,
        items: [
          {
            id: expect.any(Number),
            status: 'active',
            description: {
              title: 'Weekly cashback',
              text: "10% of last week's net losses back, up to $500.00, as a bonus to wager once.",
            },
            receiving_expired_at: '2026-11-30T00:00:00.000Z',
            end_date: '2026-11-23T00:00:00.000Z',
            start_date: '2026-11-16T00:00:00.000Z',
            amount: 6,
            net_loss: 60,
            payout: 'bonus',
          },
        ],
      });
      expect((await small.client.get('cashbacks.get')).data.count).toBe(0);
      const [row] = await queryRows<{ n: unknown }>(
        t.app.ctx.db,
        sql`select count(*)::int as n from player_cashbacks where player_id = ${excluded.player.id}`,
      );
      expect(Number(row?.n)).toBe(0);

      const id = listed.data.items[0].id;
      const paid = await client.post('cashbacks.payout', { cashback_id: id });
      expect(paid.error).toBeNull();
      expect(paid.data).toMatchObject({ id, status: 'paid_out', receiving_expired_at: null, amount: 6 });
      const bonuses = (await client.get('bonuses.get')).data.items;
      expect(bonuses.filter((b: any) => b.source === 'cashback')).toMatchObject([
        { amount: 6, wager_requirement: 6 },
      ]);
      // One casino bonus is active at a time (a loyalty quest's may be first); its money is the bonus balance.
      const active = bonuses.filter((b: any) => b.status === 'active');
      expect(active).toHaveLength(1);
      expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(
        BigInt(Math.round(active[0].amount * 100)),
      );
      expect((await client.post('cashbacks.payout', { cashback_id: id })).error.error_data).toEqual({
        invalid_parameters: { cashback_id: 'cashbackNotActive' },
      });
      expect((await small.client.post('cashbacks.payout', { cashback_id: id })).error.error_data).toEqual({
        invalid_parameters: { cashback_id: 'wrongField' },
      });
      expect((await client.post('cashbacks.remove', { id })).data).toEqual({ id, removed: true });
      expect((await client.get('cashbacks.get')).data.count).toBe(0);
    } finally {
      t.clock.set(start);
    }
  });

  it('lapses when not claimed within the receiving days', async () => {
    const start = t.clock.now();
    t.clock.set(new Date('2026-11-28T12:00:00Z'));
    const { client, player } = await loser(4_000n);
    try {
      t.clock.set(new Date('2026-11-30T01:00:00Z'));
      await runJob();
      await refreshSession(t.app, client, player.id);
      expect((await client.get('cashbacks.get')).data.items).toMatchObject([{ status: 'active', amount: 3 }]);
      t.clock.set(new Date('2026-12-07T01:00:00Z'));
      await runJob();
      await refreshSession(t.app, client, player.id);
      expect((await client.get('cashbacks.get')).data.count).toBe(0);
    } finally {
      t.clock.set(start);
    }
  });
});
