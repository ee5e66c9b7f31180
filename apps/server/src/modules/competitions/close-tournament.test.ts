/**
 * Closing a tournament: the job ranks the standings (ties by who reached the score first), pays each prize through
 * the ledger exactly once across a crash mid-payout and a restart, and lists the winners; and the site-wide win
 * lists leaderboard.live and leaderboard.top.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { refreshSession } from '../cashier/cashier-test-helpers.ts';
import { balancesOf, fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { CLOSE_TOURNAMENT_JOB, closeTournament, TOURNAMENT_PRIZES_ACCOUNT } from './close-tournament.ts';
import { activeTournament, playDice } from './competitions-test-helpers.ts';
import { CLOSE_DUE_TASK } from './module.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'close-tournament' });
}, 60_000);
afterAll(() => t.close());

const prizeMovements = async (tournamentId: number) =>
  queryRows<{ key: string; amount: string }>(
    t.app.ctx.db,
    sql`select tr.idempotency_key as key, e.amount::text as amount
          from ledger_transactions tr
          join ledger_entries e on e.transaction_id = tr.id
          join ledger_accounts a on a.id = e.account_id and a.code = ${TOURNAMENT_PRIZES_ACCOUNT}
         where tr.kind = 'tournament.prize' and tr.reference = ${String(tournamentId)}
         order by tr.idempotency_key`,
  );

describe('closing a tournament', () => {
  it('ranks ties by who reached the score first and pays each prize once across a crash and a restart', async () => {
    const id = await activeTournament(t.app, {
      optIn: false,
      minBet: 100n,
      prizes: [
        { place: 1, type: 'cash', amount: 10_000 },
        { place: 2, type: 'cash', amount: 5_000 },
        { place: 3, type: 'cash', amount: 2_500 },
        { place: 4, type: 'cash', amount: 1_000 },
      ],
    });
    const [first, second, third] = [
      await fundedClient(t.app, 10_000n),
      await fundedClient(t.app, 10_000n),
      await fundedClient(t.app, 10_000n),
    ];
    const idle = await fundedClient(t.app, 10_000n);
    await idle.client.post('tournaments.participate', { tournament_id: String(id) }); // no points: no prize
    await playDice(second.client, '1.00');
    t.clock.advance(1_000);
    await playDice(first.client, '3.00');
    t.clock.advance(1_000);
    await playDice(third.client, '1.00'); // ties with `second`, reached later
    t.clock.advance(2 * 3_600_000);
    await refreshSession(t.app, third.client, third.player.id);
    await playDice(third.client, '5.00'); // after the end: does not count
    const before = await Promise.all([first, second, third].map((p) => balancesOf(t.app, p.player.id)));

    // The first run dies right after paying place 1.
    await expect(
      closeTournament(t.app.ctx, id, {
        afterPrize: (place) => {
          if (place === 1) throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    const [state] = await queryRows<{ state: string }>(
      t.app.ctx.db,
      sql`select state from tournaments where id = ${id}`,
    );
    expect(state?.state).toBe('closing');
    expect(await prizeMovements(id)).toHaveLength(1);

    // A lost "paid" mark (as if the process died between the ledger and the mark): the ledger key still holds.
    await t.app.ctx.db.execute(sql`update tournament_winners set paid_at = null where tournament_id = ${id}`);
    // The restart: the recurring task queues the closing, the job resumes it.
    await t.app.ctx.jobs.runRecurring(CLOSE_DUE_TASK);
    await t.app.ctx.jobs.runRecurring(CLOSE_DUE_TASK);
    expect(await t.app.ctx.jobs.drain()).toBeGreaterThanOrEqual(1);
    await closeTournament(t.app.ctx, id); // once more, for good measure: a finished tournament is left alone
    const [queued] = await queryRows<{ n: string }>(
      t.app.ctx.db,
      sql`select count(*)::text as n from jobs where name = ${CLOSE_TOURNAMENT_JOB}
           and payload->>'tournament_id' = ${String(id)}`,
    );
    expect(queued?.n).toBe('1');

    expect((await prizeMovements(id)).map((m) => [m.key, m.amount])).toEqual([
      [`tournament-prize:${id}:1`, '-10000'],
      [`tournament-prize:${id}:2`, '-5000'],
      [`tournament-prize:${id}:3`, '-2500'],
    ]);
    const after = await Promise.all([first, second, third].map((p) => balancesOf(t.app, p.player.id)));
    expect(after.map((b, i) => b.main - before[i]!.main)).toEqual([10_000n, 5_000n, 2_500n]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);

    await refreshSession(t.app, first.client, first.player.id);
    const listed = (await first.client.get('tournaments.get', { ids: String(id), status: 'finished' })).data;
    expect(listed.items[0]).toMatchObject({
      status: 'finished',
      user_info: { place: 1, points: 3, participating: true },
      total_participants: 4,
    });
    expect(
      listed.items[0].winners.map((w: { place: number; prize: number; is_me: boolean }) => [
        w.place,
        w.prize,
        w.is_me,
      ]),
    ).toEqual([
      [1, 100, true],
      [2, 50, false],
      [3, 25, false],
    ]);
  });

  it('pays a bonus prize through the bonus engine, once, with its own wagering', async () => {
    const id = await activeTournament(t.app, {
      optIn: false,
      minBet: 100n,
      prizes: [
        { place: 1, type: 'bonus', amount: 2_000 },
        { place: 2, type: 'cash', amount: 1_000 },
      ],
    });
    const [first, second] = [await fundedClient(t.app, 10_000n), await fundedClient(t.app, 10_000n)];
    await playDice(first.client, '3.00');
    t.clock.advance(1_000);
    await playDice(second.client, '1.00');
    t.clock.advance(2 * 3_600_000);
    const before = await Promise.all([first, second].map((p) => balancesOf(t.app, p.player.id)));
    await closeTournament(t.app.ctx, id);
    await t.app.ctx.db.execute(sql`update tournament_winners set paid_at = null where tournament_id = ${id}`);
    await t.app.ctx.db.execute(sql`update tournaments set state = 'closing' where id = ${id}`);
    await closeTournament(t.app.ctx, id); // a retry grants nothing twice
    const after = await Promise.all([first, second].map((p) => balancesOf(t.app, p.player.id)));
    expect([after[0]!.main - before[0]!.main, after[0]!.bonus - before[0]!.bonus]).toEqual([0n, 2_000n]);
    expect([after[1]!.main - before[1]!.main, after[1]!.bonus - before[1]!.bonus]).toEqual([1_000n, 0n]);
    const bonuses = await queryRows<{
      source: string;
      amount: string;
      wager_requirement: string;
      status: string;
    }>(
      t.app.ctx.db,
      sql`select source, amount::text, wager_requirement::text, status from player_bonuses
           where player_id = ${first.player.id}`,
    );
    expect(bonuses).toEqual([
      { source: 'tournament', amount: '2000', wager_requirement: '6000', status: 'active' },
    ]);
    expect((await prizeMovements(id)).map((m) => m.key)).toEqual([`tournament-prize:${id}:2`]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });
});

describe('leaderboard.live and leaderboard.top', () => {
  it('list the big wins: newest first, and biggest first within the period', async () => {
    const { client } = await fundedClient(t.app, 1_000_000n);
    const wins: number[] = [];
    for (let i = 0; i < 30 && wins.length < 2; i++) {
      const round = await playDice(client, i % 2 === 0 ? '30.00' : '40.00');
      if (round.win > 0) wins.push(round.win);
      t.clock.advance(60_000);
    }
    expect(wins.length).toBe(2);
    const live = (await client.get('leaderboard.live', { count: 2 })).data;
    expect(live.map((w: { win: number }) => w.win)).toEqual([...wins].reverse());
    const top = (await client.get('leaderboard.top', { period: 'day' })).data;
    expect(top.map((w: { win: number }) => w.win)).toEqual([...wins].sort((a, b) => b - a));
    t.clock.advance(2 * 86_400_000);
    expect((await client.get('leaderboard.top', { period: 'day' })).data).toEqual([]);
    expect((await client.get('leaderboard.top', { period: 'week' })).data).toHaveLength(2);
    const bad = (await t.app.inject('/api/leaderboard.top?period=year')).json();
    expect(bad.error.error_data.invalid_parameters).toEqual({ period: 'wrongField' });
  });
});
