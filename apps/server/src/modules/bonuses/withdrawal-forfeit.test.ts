/**
 * A withdrawal and the bonus it costs (issue 36): with DEMO10 active the player withdraws $20 and agrees to lose the
 * $10 bonus. The request holds the bonus (its money to the house, kept as its stash) so it is neither played nor
 * lost while the withdrawal waits; a cancel or an operator's decline gives the $20 and the bonus back, a payout
 * forfeits the bonus. Also: a bonus that expires while held, a second withdrawal joining the hold, another bonus
 * active when the held one comes back, and (on PostgreSQL) a cancel racing the operator's approval. Every movement
 * is on the ledger and its audit is clean.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeOperator, signInOperator } from '../backoffice/backoffice-test-helpers.ts';
import { depositedClient, refreshSession } from '../cashier/cashier-test-helpers.ts';
import { approveWithdrawal, cancelWithdrawal } from '../cashier/review-withdrawal.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { grantBonus } from './engine.ts';
import { EXPIRE_JOB } from './module.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TTestApp;
let finance: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  finance = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'finance'));
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

const balances = async (playerId: number) => {
  const b = await getBalances(t.app.ctx.db, playerId);
  return { main: b.main, bonus: b.bonus };
};

const bonusRow = async (bonusId: number) => {
  const [row] = await queryRows<Record<string, unknown>>(
    t.app.ctx.db,
    sql`select status, stash, lost, finish_reason from player_bonuses where id = ${bonusId}`,
  );
  return {
    status: row?.status,
    stash: toBigInt(row?.stash),
    lost: toBigInt(row?.lost),
    reason: row?.finish_reason ?? null,
  };
};

const bonusKinds = async (bonusId: number) =>
  (
    await queryRows<{ kind: string }>(
      t.app.ctx.db,
      sql`select kind from ledger_transactions where reference = ${`bonus:${bonusId}`} order by id`,
    )
  ).map((r) => r.kind);

/** A player with $50 deposited and DEMO10 activated: $50 main, $10 bonus. */
const playerWithDemo10 = async () => {
  const made = await depositedClient(t.app, '50');
  const activated = await made.client.post('campaigns.activateOffer', { promo_code: 'DEMO10' });
  if (activated.error) throw new Error(`DEMO10: ${JSON.stringify(activated.error)}`);
  const bonusId = activated.data.bonus_item.id as number;
  expect(await balances(made.player.id)).toEqual({ main: 5_000n, bonus: 1_000n });
  return { ...made, bonusId };
};

/** Withdraws $20 (or `amount`) after agreeing to the bonus's loss, as the site does after its confirm. */
const withdrawWithConsent = async (
  client: Awaited<ReturnType<typeof playerWithDemo10>>['client'],
  amount = '20',
) => {
  const asked = await client.post('cashier.makewithdrawal', { ...CARD, amount });
  expect(asked.error).toMatchObject({
    type: 'InvalidParameterException',
    error_data: { invalid_parameters: { burn_bonuses: 'required' } },
  });
  const agreed = await client.post('cashier.makewithdrawal', { ...CARD, amount, burn_bonuses: '1' });
  expect(agreed.error).toBeNull();
  return agreed.data as { transaction_id: string; bonus_held: number; status: string };
};

describe('a withdrawal that costs the active bonus', () => {
  it('holds the bonus while it waits: not playable, not activatable, and the withdraw settings say so', async () => {
    const { client, player, bonusId } = await playerWithDemo10();
    const asked = await client.post('cashier.makewithdrawal', { ...CARD, amount: '20' });
    expect(asked.error).toEqual({
      type: 'InvalidParameterException',
      error_data: {
        invalid_parameters: { burn_bonuses: 'required' },
        burn_amount: 10,
        currency: 'USD',
        bonus_ids: [bonusId],
      },
    });
    expect((await client.get('cashier.getwithdrawsettings')).data.bonus_at_stake).toEqual({
      active: 10,
      held: 0,
    });
    const withdrawal = await withdrawWithConsent(client);
    expect(withdrawal).toMatchObject({ status: 'pending', bonus_held: 10 });

    expect(await balances(player.id)).toEqual({ main: 3_000n, bonus: 0n });
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'available', stash: 1_000n, lost: 0n });
    expect(await bonusKinds(bonusId)).toEqual(['bonus.grant', 'bonus.hold']);
    expect((await client.get('cashier.getwithdrawsettings')).data.bonus_at_stake).toEqual({
      active: 0,
      held: 10,
    });
    // Held, the bonus cannot be switched back on, and a stake past the real money does not reach it.
    expect((await client.post('bonuses.activate', { bonus_id: String(bonusId) })).error).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { bonus_id: 'bonusNotAvailable' } },
    });
    const { token } = await walletService.openSession(t.app.ctx, {
      playerId: player.id,
      game: 'copperfox_cherry_flare',
      mode: 'real',
      provider: 'acme',
    });
    await expect(
      walletService.bet(t.app.ctx, {
        session: token,
        transactionId: `hb${player.id}`,
        roundId: `hr${player.id}`,
        amount: 3_001n,
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'available', stash: 1_000n });
  });

  it('gives the $20 and the $10 bonus back when the player cancels (the finding)', async () => {
    const { client, player, bonusId } = await playerWithDemo10();
    const { transaction_id: id } = await withdrawWithConsent(client);

    const cancelled = await client.post('cashier.cancelwithdrawal', { transaction_id: id });
    expect(cancelled.error).toBeNull();
    // Before the fix: { main: 5_000n, bonus: 0n } (the $20 came back, the bonus did not).
    expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 1_000n });
    expect(cancelled.data).toEqual({ transaction_id: id, status: 'cancelled', bonus_returned: 10 });
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'active', stash: 0n, lost: 0n });
    expect(await bonusKinds(bonusId)).toEqual(['bonus.grant', 'bonus.hold', 'bonus.release']);
    expect((await client.get('bonuses.get')).data.items).toMatchObject([
      { id: bonusId, status: 'active', balance: 10 },
    ]);
    // A repeated cancel changes nothing.
    const again = await client.post('cashier.cancelwithdrawal', { transaction_id: id });
    expect(again.data).toEqual({ transaction_id: id, status: 'cancelled', bonus_returned: 0 });
    expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 1_000n });
  });

  it("gives them back when an operator declines, and writes what came back in the operator's audit", async () => {
    const { client, player, bonusId } = await playerWithDemo10();
    const { transaction_id: id } = await withdrawWithConsent(client);

    // Its confirmation page says what comes back before anything does.
    const held = await balances(player.id);
    const asked = await finance.get(`/admin/withdrawals/${id}/decline`);
    expect(asked.body).toMatch(/Held bonus<\/dt><dd>[^<]*\$10\.00\) comes back to the player/);
    expect(await balances(player.id)).toEqual(held);
    const declined = await finance.post(`/admin/withdrawals/${id}/decline`, {
      reason: 'Card holder does not match',
      confirmed: '1',
    });
    expect(declined.headers.location).toBe('/admin/withdrawals?ok=declined');
    expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 1_000n });
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'active', lost: 0n });
    const [audit] = await queryRows<{ after: unknown }>(
      t.app.ctx.db,
      sql`select after from operator_audit where target_id = ${id}`,
    );
    expect(audit?.after).toEqual({ status: 'failed', bonus_returned: '1000' });
  });

  it('forfeits the held bonus when the withdrawal is paid: the $10 it held is lost, nothing more', async () => {
    const { client, player, bonusId } = await playerWithDemo10();
    const { transaction_id: id } = await withdrawWithConsent(client);

    const approved = await finance.post(`/admin/withdrawals/${id}/approve`, { confirmed: '1' });
    expect(approved.headers.location).toBe('/admin/withdrawals?ok=approved');
    expect(await balances(player.id)).toEqual({ main: 3_000n, bonus: 0n });
    expect(await bonusRow(bonusId)).toMatchObject({
      status: 'forfeited',
      stash: 0n,
      lost: 1_000n,
      reason: 'withdrawal',
    });
    expect((await client.post('cashier.cancelwithdrawal', { transaction_id: id })).error).toMatchObject({
      type: 'WithdrawalDeclinedException',
    });
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'forfeited', lost: 1_000n });
    expect((await client.get('cashier.getwithdrawsettings')).data.bonus_at_stake).toEqual({
      active: 0,
      held: 0,
    });
  });

  it('lets a held bonus expire on its own time: a later cancel returns the money and no bonus', async () => {
    const start = t.clock.now();
    try {
      const { client, player, bonusId } = await playerWithDemo10();
      const { transaction_id: id } = await withdrawWithConsent(client);
      t.clock.advance(8 * 86_400_000);
      await t.app.ctx.jobs.runRecurring(EXPIRE_JOB);
      await t.app.ctx.jobs.drain();
      expect(await bonusRow(bonusId)).toMatchObject({ status: 'expired', stash: 0n, lost: 1_000n });

      await refreshSession(t.app, client, player.id);
      const cancelled = await client.post('cashier.cancelwithdrawal', { transaction_id: id });
      expect(cancelled.data).toEqual({ transaction_id: id, status: 'cancelled', bonus_returned: 0 });
      expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 0n });
      expect(await bonusRow(bonusId)).toMatchObject({ status: 'expired', lost: 1_000n });
    } finally {
      t.clock.set(start);
    }
  });

  it('expires a held bonus whose time ran out when the cancel comes before the expiry job', async () => {
    const start = t.clock.now();
    try {
      const { client, player, bonusId } = await playerWithDemo10();
      const { transaction_id: id } = await withdrawWithConsent(client);
      t.clock.advance(8 * 86_400_000);
      expect(await cancelWithdrawal(t.app.ctx, player.id, id)).toEqual({
        status: 'cancelled',
        bonusReturned: 0n,
      });
      expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 0n });
      expect(await bonusRow(bonusId)).toMatchObject({ status: 'expired', lost: 1_000n });
    } finally {
      t.clock.set(start);
    }
  });

  it('makes a second withdrawal join the hold: one cancelled keeps it held, the other paid forfeits it', async () => {
    const { client, player, bonusId } = await playerWithDemo10();
    const first = await withdrawWithConsent(client, '20');
    // The bonus is held already; the next withdrawal would cost it too, so the player is asked again.
    const second = await withdrawWithConsent(client, '20');
    expect(second.bonus_held).toBe(10);
    expect(await balances(player.id)).toEqual({ main: 1_000n, bonus: 0n });

    const cancelled = await client.post('cashier.cancelwithdrawal', { transaction_id: first.transaction_id });
    expect(cancelled.data.bonus_returned).toBe(0);
    expect(await balances(player.id)).toEqual({ main: 3_000n, bonus: 0n });
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'available', stash: 1_000n });

    expect((await approveWithdrawal(t.app.ctx, second.transaction_id, 'op')).status).toBe('success');
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'forfeited', lost: 1_000n });
    expect(await balances(player.id)).toEqual({ main: 3_000n, bonus: 0n });
  });

  it('brings the bonus back paused when another bonus became active meanwhile', async () => {
    const { client, player, bonusId } = await playerWithDemo10();
    const { transaction_id: id } = await withdrawWithConsent(client);
    const gift = await grantBonus(t.app.ctx.db, {
      playerId: player.id,
      template: 'operator_gift',
      source: 'operator',
      sourceRef: 'test',
      grantKey: `gift:${player.id}`,
      amount: 300n,
      now: t.clock.now(),
    });
    expect(gift.status).toBe('active');
    expect(await balances(player.id)).toEqual({ main: 3_000n, bonus: 300n });

    const cancelled = await client.post('cashier.cancelwithdrawal', { transaction_id: id });
    expect(cancelled.data.bonus_returned).toBe(10);
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'available', stash: 1_000n, lost: 0n });
    expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 300n });
    // No longer held: the player may switch to it.
    expect((await client.post('bonuses.activate', { bonus_id: String(bonusId) })).error).toBeNull();
    expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 1_000n });
  });
});

describe('a cancel racing the operator (PostgreSQL)', () => {
  it.skipIf(!onPostgres)(
    'settles each withdrawal once: the bonus comes back exactly when the cancel won, is forfeited exactly when the approval did (skipped without DATABASE_URL)',
    async () => {
      const players = await Promise.all(Array.from({ length: 8 }, () => playerWithDemo10()));
      const withdrawals = await Promise.all(players.map((p) => withdrawWithConsent(p.client)));
      const outcomes = await Promise.all(
        players.map((p, i) => {
          const id = withdrawals[i]!.transaction_id;
          const settle = <T>(work: Promise<T>) =>
            work.then(
              () => 'ok',
              (error: { type?: string }) => error.type ?? String(error),
            );
          return Promise.all([
            settle(cancelWithdrawal(t.app.ctx, p.player.id, id)),
            settle(approveWithdrawal(t.app.ctx, id, 'racer')),
          ]);
        }),
      );
      for (const [i, [cancel, approve]] of outcomes.entries()) {
        const { player, bonusId } = players[i]!;
        expect([cancel, approve].sort()).toEqual(['WithdrawalDeclinedException', 'ok']);
        if (cancel === 'ok') {
          expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 1_000n });
          expect(await bonusRow(bonusId)).toMatchObject({ status: 'active', lost: 0n });
        } else {
          expect(await balances(player.id)).toEqual({ main: 3_000n, bonus: 0n });
          expect(await bonusRow(bonusId)).toMatchObject({ status: 'forfeited', lost: 1_000n });
        }
      }
      expect(await auditLedger(t.app.ctx.db)).toEqual([]);
    },
    120_000,
  );

  it.skipIf(!onPostgres)(
    'a cancel of one withdrawal racing the payout of another that holds the same bonus always ends with it forfeited (skipped without DATABASE_URL)',
    async () => {
      const players = await Promise.all(Array.from({ length: 6 }, () => playerWithDemo10()));
      const pairs: Awaited<ReturnType<typeof withdrawWithConsent>>[][] = [];
      for (const p of players)
        pairs.push([await withdrawWithConsent(p.client, '20'), await withdrawWithConsent(p.client, '20')]);
      await Promise.all(
        players.map((p, i) =>
          Promise.all([
            cancelWithdrawal(t.app.ctx, p.player.id, pairs[i]![0]!.transaction_id),
            approveWithdrawal(t.app.ctx, pairs[i]![1]!.transaction_id, 'racer'),
          ]),
        ),
      );
      for (const { player, bonusId } of players) {
        expect(await balances(player.id)).toEqual({ main: 3_000n, bonus: 0n });
        expect(await bonusRow(bonusId)).toMatchObject({ status: 'forfeited', lost: 1_000n });
      }
      expect(await auditLedger(t.app.ctx.db)).toEqual([]);
    },
    120_000,
  );
});
