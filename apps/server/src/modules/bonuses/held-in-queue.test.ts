/**
 * A bonus a pending withdrawal holds, and the bonus queue (issue 36 follow-up, ADR 053). bonuses.get says the bonus
 * is held and by what (withdrawal_hold), and gives it no place in the queue, which passes it over. When the hold
 * ends the queue behaves as for any ending or pause: the payout's forfeit, the held bonus's expiry or its removal
 * start the next waiting bonus when none is active; a held bonus that comes back while another is active waits at
 * the front of the line, as a paused one does. Every movement is on the ledger and its audit is clean.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { depositedClient, refreshSession } from '../cashier/cashier-test-helpers.ts';
import { approveWithdrawal, cancelWithdrawal, declineWithdrawal } from '../cashier/review-withdrawal.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { grantBonus } from './engine.ts';
import { EXPIRE_JOB } from './module.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

const CARD = {
  method: 'card',
  'requisites[card_holder]': 'Jane Doe',
  'requisites[card_number]': '4111 1111 1111 1111',
};

let seq = 0;
const gift = (playerId: number, cents: bigint, template = 'operator_gift') =>
  grantBonus(t.app.ctx.db, {
    playerId,
    template,
    amount: cents,
    source: 'operator',
    sourceRef: 'held queue test',
    grantKey: `held-queue:${playerId}:${++seq}`,
    now: t.clock.now(),
  });

type TClient = Awaited<ReturnType<typeof depositedClient>>['client'];

/** $50 deposited, then casino gifts of $10 (active) and $20 (waiting behind it). */
const playerWithQueue = async () => {
  const made = await depositedClient(t.app, '50');
  const first = await gift(made.player.id, 1_000n);
  const second = await gift(made.player.id, 2_000n);
  expect([first.status, second.status]).toEqual(['active', 'available']);
  return { ...made, ids: [first.bonusId, second.bonusId] as const };
};

/** Withdraws `amount` after agreeing to put the bonuses at stake, as the site does after its confirm. */
const withdraw = async (client: TClient, amount: string) => {
  const r = await client.post('cashier.makewithdrawal', { ...CARD, amount, burn_bonuses: '1' });
  expect(r.error).toBeNull();
  return r.data.transaction_id as string;
};

type TItem = {
  id: number;
  status: string;
  balance: number;
  queue_position: number | null;
  queued_after: { id: number } | null;
  withdrawal_hold: { amount: number; count: number } | null;
};
const openBonuses = async (client: TClient, call = 'bonuses.get') => {
  const listed = await client.get(call, { statuses: 'active,available' });
  expect(listed.error).toBeNull();
  return (listed.data.items as TItem[]).map((b) => ({
    id: b.id,
    status: b.status,
    place: b.queue_position,
    after: b.queued_after?.id ?? null,
    hold: b.withdrawal_hold,
  }));
};

const bonusKinds = async (bonusId: number) =>
  (
    await queryRows<{ kind: string }>(
      t.app.ctx.db,
      sql`select kind from ledger_transactions where reference = ${`bonus:${bonusId}`} order by id`,
    )
  ).map((r) => r.kind);

const bonusBalance = async (playerId: number) => (await getBalances(t.app.ctx.db, playerId)).bonus;

describe('a held bonus as bonuses.get shows it', () => {
  it('says which withdrawals hold it, gives it no place in the queue, and the bonus behind it moves up', async () => {
    const { client, ids } = await playerWithQueue();
    const withdrawal = await withdraw(client, '20');
    expect(await openBonuses(client)).toEqual([
      { id: ids[0], status: 'available', place: null, after: null, hold: { amount: 20, count: 1 } },
      { id: ids[1], status: 'available', place: 1, after: null, hold: null },
    ]);
    // A second withdrawal joins the hold.
    await withdraw(client, '25');
    expect((await openBonuses(client))[0]?.hold).toEqual({ amount: 45, count: 2 });
    // The action calls answer the same item.
    const removed = await client.post('bonuses.remove', { bonus_id: String(ids[1]) });
    expect(removed.data).toMatchObject({ id: ids[1], status: 'cancelled', withdrawal_hold: null });

    await declineWithdrawal(t.app.ctx, withdrawal, 'op');
    expect((await openBonuses(client))[0]?.hold).toEqual({ amount: 25, count: 1 });
    await client.post('cashier.cancelwithdrawal', {
      transaction_id: (await client.get('cashier.gethistory', { status: 'pending' })).data.items[0].id,
    });
    expect(await openBonuses(client)).toEqual([
      { id: ids[0], status: 'active', place: 1, after: null, hold: null },
    ]);
  });

  it('shows a held betting bonus the same way in BettingBonuses.get', async () => {
    const made = await depositedClient(t.app, '50');
    const freeBet = await gift(made.player.id, 500n, 'free_bet');
    expect(freeBet.status).toBe('active');
    await withdraw(made.client, '20');
    expect(await openBonuses(made.client, 'BettingBonuses.get')).toEqual([
      { id: freeBet.bonusId, status: 'available', place: null, after: null, hold: { amount: 20, count: 1 } },
    ]);
  });
});

describe('the queue when the hold ends', () => {
  it('starts the next waiting bonus when the payout forfeits the held one', async () => {
    const { client, player, ids } = await playerWithQueue();
    const withdrawal = await withdraw(client, '20');
    // While the withdrawal waits nothing starts: the held bonus keeps the active one's place.
    expect(await bonusBalance(player.id)).toBe(0n);

    expect((await approveWithdrawal(t.app.ctx, withdrawal, 'op')).status).toBe('success');
    expect(await openBonuses(client)).toEqual([
      { id: ids[1], status: 'active', place: 1, after: null, hold: null },
    ]);
    expect(await bonusBalance(player.id)).toBe(2_000n);
    expect(await bonusKinds(ids[0])).toEqual(['bonus.grant', 'bonus.hold']);
    expect(await bonusKinds(ids[1])).toEqual(['bonus.grant']);
  });

  it('starts nothing at the payout when the player activated another bonus meanwhile', async () => {
    const { client, player, ids } = await playerWithQueue();
    const withdrawal = await withdraw(client, '20');
    const third = await gift(player.id, 3_000n);
    // Granted with nothing active, it starts at once; the $20 one still waits.
    expect(third.status).toBe('active');
    await approveWithdrawal(t.app.ctx, withdrawal, 'op');
    expect(await openBonuses(client)).toEqual([
      { id: third.bonusId, status: 'active', place: 1, after: null, hold: null },
      { id: ids[1], status: 'available', place: 2, after: third.bonusId, hold: null },
    ]);
    expect(await bonusBalance(player.id)).toBe(3_000n);
  });

  /** A player whose $10 bonus a $20 withdrawal holds, its time running out a day from now; $20 waits behind it. */
  const heldRunningOut = async () => {
    const made = await playerWithQueue();
    const withdrawal = await withdraw(made.client, '20');
    await t.app.ctx.db.execute(
      sql`update player_bonuses set expires_at = ${new Date(t.clock.now().getTime() + 86_400_000)}
          where id = ${made.ids[0]}`,
    );
    return { ...made, withdrawal };
  };

  it('starts the next waiting bonus when the held one expires while the withdrawal waits', async () => {
    const start = t.clock.now();
    try {
      const { client, player, ids } = await heldRunningOut();
      t.clock.advance(2 * 86_400_000);
      await t.app.ctx.jobs.runRecurring(EXPIRE_JOB);
      await t.app.ctx.jobs.drain();
      await refreshSession(t.app, client, player.id);
      expect(await openBonuses(client)).toEqual([
        { id: ids[1], status: 'active', place: 1, after: null, hold: null },
      ]);
      expect(await bonusBalance(player.id)).toBe(2_000n);
    } finally {
      t.clock.set(start);
    }
  });

  it('starts the next waiting bonus when a cancel finds the held one expired', async () => {
    const start = t.clock.now();
    try {
      const { client, player, ids, withdrawal } = await heldRunningOut();
      t.clock.advance(2 * 86_400_000);
      expect(await cancelWithdrawal(t.app.ctx, player.id, withdrawal)).toEqual({
        status: 'cancelled',
        bonusReturned: 0n,
      });
      await refreshSession(t.app, client, player.id);
      expect(await openBonuses(client)).toEqual([
        { id: ids[1], status: 'active', place: 1, after: null, hold: null },
      ]);
      expect(await bonusKinds(ids[0])).toEqual(['bonus.grant', 'bonus.hold']);
      expect(await bonusBalance(player.id)).toBe(2_000n);
    } finally {
      t.clock.set(start);
    }
  });

  it('starts the next waiting bonus when the player removes the held one', async () => {
    const { client, player, ids } = await playerWithQueue();
    await withdraw(client, '20');
    const removed = await client.post('bonuses.remove', { bonus_id: String(ids[0]) });
    expect(removed.data).toMatchObject({ status: 'cancelled', lost: 10, withdrawal_hold: null });
    expect(await openBonuses(client)).toEqual([
      { id: ids[1], status: 'active', place: 1, after: null, hold: null },
    ]);
    expect(await bonusBalance(player.id)).toBe(2_000n);
  });

  it('puts a held bonus that comes back while another is active at the front of the line, as a pause', async () => {
    const { client, player, ids } = await playerWithQueue();
    const withdrawal = await withdraw(client, '20');
    // Meanwhile the player plays the $20 bonus, then switches to a $30 one: the $20 one is paused to the front.
    expect((await client.post('bonuses.activate', { bonus_id: String(ids[1]) })).error).toBeNull();
    const third = await gift(player.id, 3_000n);
    expect((await client.post('bonuses.activate', { bonus_id: String(third.bonusId) })).error).toBeNull();
    expect((await openBonuses(client)).map((b) => [b.id, b.place])).toEqual([
      [third.bonusId, 1],
      [ids[0], null],
      [ids[1], 2],
    ]);

    const cancelled = await client.post('cashier.cancelwithdrawal', { transaction_id: withdrawal });
    expect(cancelled.data.bonus_returned).toBe(10);
    // Back, it waits first in line: the next to start when the $30 one ends.
    expect(await openBonuses(client)).toEqual([
      { id: third.bonusId, status: 'active', place: 1, after: null, hold: null },
      { id: ids[0], status: 'available', place: 2, after: third.bonusId, hold: null },
      { id: ids[1], status: 'available', place: 3, after: ids[0], hold: null },
    ]);
    await client.post('bonuses.remove', { bonus_id: String(third.bonusId) });
    expect((await openBonuses(client))[0]).toMatchObject({ id: ids[0], status: 'active' });
    expect(await bonusBalance(player.id)).toBe(1_000n);
  });
});
