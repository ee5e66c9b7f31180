/**
 * Sportsbook bets earn loyalty points when they settle, in the settlement's transaction: nothing at placement,
 * 0.2 point per $1 once won, lost or cashed out, nothing more on a redelivered settlement, taken back when the settlement is
 * rolled back or the bet cancelled, earned again on a re-settlement; a level reached this way is paid after commit.
 * The points ledger explains the balance throughout, and the money ledger stays exact.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { betRow, feedClient } from '../sportsbook/sportsbook-test-helpers.ts';
import { pointsAccount } from './points.ts';

let t: TTestApp;
let feed: ReturnType<typeof feedClient>;
let uuid = 0;
beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  feed = feedClient(t.app);
}, 180_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

type TClient = Awaited<ReturnType<typeof fundedClient>>['client'];
const single = async (client: TClient, eventId: string, stake: string) => {
  const placed = await client.post('sportsbook.placeBet', {
    selections: JSON.stringify([
      { event_id: eventId, market_id: 1, specifiers: '', outcome_id: '1', odds: 2 },
    ]),
    type: 'single',
    stake,
    accept_odds: 'none',
    bet_uuid: `lp-${uuid++}`,
  });
  expect(placed.error).toBeNull();
  return placed.data.bets[0] as { id: number };
};
/** Balance in centipoints, and what the player's entries add up to (they must agree). */
const points = async (playerId: number) => {
  const [row] = await queryRows<{ s: unknown }>(
    t.app.ctx.db,
    sql`select coalesce(sum(delta), 0) as s from loyalty_point_entries where player_id = ${playerId}`,
  );
  const { balance } = await pointsAccount(t.app.ctx.db, playerId);
  expect(balance).toBe(toBigInt(row?.s));
  return balance;
};
const rollback = (eventId: string) =>
  feed.ok({ type: 'rollback_bet_settlement', event_id: eventId, markets: [{ id: 1, specifiers: '' }] });

describe('sportsbook points', () => {
  it('earn at settlement, once; a rollback or cancel takes them back; a re-settlement earns again', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('lp1', [2, 3.5, 4]);
    const placedAt = t.clock.now().getTime();
    const bet = await single(client, 'lp1', '10.00');
    expect(await points(player.id)).toBe(0n);

    await feed.settle1x2('lp1', '1');
    expect((await betRow(t.app, bet.id))?.status).toBe('won');
    expect(await points(player.id)).toBe(200n);
    // The same result again (a redelivery with a new message id) earns nothing more.
    await feed.settle1x2('lp1', '1');
    expect(await points(player.id)).toBe(200n);

    await rollback('lp1');
    expect((await betRow(t.app, bet.id))?.status).toBe('open');
    expect(await points(player.id)).toBe(0n);

    await feed.settle1x2('lp1', '2');
    expect((await betRow(t.app, bet.id))?.status).toBe('lost');
    expect(await points(player.id)).toBe(200n);

    await feed.ok({
      type: 'bet_cancel',
      event_id: 'lp1',
      markets: [{ id: 1, specifiers: '' }],
      start_time: placedAt - 1_000,
      end_time: placedAt + 1_000,
    });
    expect((await betRow(t.app, bet.id))?.status).toBe('cancelled');
    expect(await points(player.id)).toBe(0n);
    const entries = await queryRows<{ kind: string; delta: unknown; reference: string }>(
      t.app.ctx.db,
      sql`select kind, delta, reference from loyalty_point_entries where player_id = ${player.id} order by id`,
    );
    expect(entries.map((e) => [e.kind, Number(e.delta), e.reference])).toEqual([
      ['bet', 200, `sportsbook:${bet.id}`],
      ['rollback', -200, `sportsbook:${bet.id}`],
      ['bet', 200, `sportsbook:${bet.id}`],
      ['rollback', -200, `sportsbook:${bet.id}`],
    ]);
  });

  it('a rollback never takes more than the balance: points spent stay spent', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('lp2', [2, 3.5, 4]);
    const bet = await single(client, 'lp2', '50.00');
    await feed.settle1x2('lp2', '3');
    expect(await points(player.id)).toBe(1_000n);
    // The player spends 7 of its 10 points (a purchase entry, as the shop writes it).
    await t.app.ctx.db.execute(sql`insert into loyalty_point_entries (player_id, kind, delta, lifetime_delta, reference, at)
      values (${player.id}, 'purchase', -700, 0, ${`order:test-${player.id}`}, ${t.clock.now()})`);
    await rollback('lp2');
    expect((await betRow(t.app, bet.id))?.status).toBe('open');
    expect(await points(player.id)).toBe(0n);
    // Settled again: the bet's entries add up to what it earns (10 points), not 10 more than before.
    await feed.settle1x2('lp2', '3');
    const [net] = await queryRows<{ s: unknown }>(
      t.app.ctx.db,
      sql`select sum(delta) as s from loyalty_point_entries where reference = ${`sportsbook:${bet.id}`}`,
    );
    expect(Number(net?.s)).toBe(1_000);
  });

  it('a cashed-out bet counts when it is cashed out, once; its later settlement changes nothing', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    await feed.football('lp4', [2, 3.5, 4]);
    const bet = await single(client, 'lp4', '10.00');
    const quoted = (await client.get('sportsbook.getBets', { status: 'open' })).data.items[0];
    const done = await client.post('sportsbook.cashout', {
      bet_id: bet.id,
      amount: String(quoted.cashout_value),
    });
    expect(done.data.bet.status).toBe('cashed_out');
    expect(await points(player.id)).toBe(200n);
    await feed.settle1x2('lp4', '1');
    expect(await points(player.id)).toBe(200n);
  });

  it('a level reached by a settled bet is paid after commit', async () => {
    const { client, player } = await fundedClient(t.app, 30_000n);
    await feed.football('lp3', [2, 3.5, 4]);
    await single(client, 'lp3', '250.00');
    await feed.settle1x2('lp3', '2');
    expect((await pointsAccount(t.app.ctx.db, player.id)).lifetime).toBe(5_000n);
    const claims = await queryRows<{ ref_id: unknown }>(
      t.app.ctx.db,
      sql`select c.ref_id from loyalty_claims c join loyalty_levels l on l.id = c.ref_id
           where c.player_id = ${player.id} and c.kind = 'level' and l.sysname = 'silver'`,
    );
    expect(claims).toHaveLength(1);
  });
});
