import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { grantBonus } from '../../bonuses/engine.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { getBalances } from '../../ledger/balances.ts';
import { queryRows } from '../../ledger/sql.ts';
import { depositedClient } from '../cashier-test-helpers.ts';
import { maskRequisite } from './withdrawal-queue.ts';

let t: TTestApp;
let finance: Awaited<ReturnType<typeof signInOperator>>;
let support: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  finance = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'finance'));
  support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
});
afterAll(async () => {
  await t.close();
});

/** A player with 100.00 deposited who asks to withdraw `amount` by card. */
const pendingWithdrawal = async (amount = '30') => {
  const made = await depositedClient(t.app, '100');
  const r = await made.client.post('cashier.makewithdrawal', {
    method: 'card',
    amount,
    'requisites[card_holder]': 'Jane Doe',
    'requisites[card_number]': '4111 1111 1111 1111',
  });
  if (r.error) throw new Error(`withdrawal failed: ${JSON.stringify(r.error)}`);
  return { ...made, withdrawalId: r.data.transaction_id as string };
};

const ledgerTransactions = (id: string) =>
  queryRows<{ kind: string }>(
    t.app.ctx.db,
    sql`select kind from ledger_transactions where reference = ${id}`,
  );
const statusOf = async (id: string) =>
  (
    await queryRows<{ status: string }>(
      t.app.ctx.db,
      sql`select status from cashier_transactions where id = ${id}`,
    )
  )[0]?.status;
const auditFor = (id: string) =>
  t.app.ctx.db.select().from(operatorAudit).where(eq(operatorAudit.targetId, id));

describe('the withdrawal queue', () => {
  it('lists a pending withdrawal with its player, amount, method and masked requisites', async () => {
    const { player, withdrawalId } = await pendingWithdrawal('30');
    const page = await finance.get('/admin/withdrawals');
    expect(page.statusCode).toBe(200);
    const row = page.body.slice(page.body.indexOf(`data-withdrawal="${withdrawalId}"`));
    expect(row).toContain(`/admin/players/${player.id}`);
    expect(row).toContain('$30.00');
    expect(row).toContain('Bank card');
    expect(row).toContain('•••• 1111');
    expect(page.body).not.toContain('411111');
    expect(row).toContain('Jane Doe');
  });

  it('masks IBANs and e-mails too', () => {
    expect(maskRequisite('iban', 'DE89370400440532013000')).toBe('DE89 •••• 3000');
    expect(maskRequisite('email', 'jane@wallet.example')).toBe('j•••@wallet.example');
    expect(maskRequisite('card_number', '411111...1111')).toBe('•••• 1111');
  });

  it('approves once even when the button is pressed twice at once', async () => {
    const { player, withdrawalId } = await pendingWithdrawal('30');
    const before = await getBalances(t.app.ctx.db, player.id);
    const [a, b] = await Promise.all([
      finance.post(`/admin/withdrawals/${withdrawalId}/approve`, { confirmed: '1' }),
      finance.post(`/admin/withdrawals/${withdrawalId}/approve`, { confirmed: '1' }),
    ]);
    for (const r of [a, b]) {
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toBe('/admin/withdrawals?ok=approved');
    }
    expect(await statusOf(withdrawalId)).toBe('success');
    expect((await ledgerTransactions(withdrawalId)).map((r) => r.kind).sort()).toEqual([
      'withdrawal.approved',
      'withdrawal.hold',
    ]);
    expect(await getBalances(t.app.ctx.db, player.id)).toEqual(before);
    const audit = await auditFor(withdrawalId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'withdrawal.approve', after: { status: 'success' } });
    expect(audit[0]?.before).toMatchObject({ status: 'pending', amount: '3000', player_id: player.id });
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
    const queue = await finance.get('/admin/withdrawals');
    expect(queue.body).not.toContain(withdrawalId);
    expect((await finance.get('/admin/withdrawals?status=success')).body).toContain(withdrawalId);
  });

  it('declines with a reason and returns the money exactly once', async () => {
    const { client, player, withdrawalId } = await pendingWithdrawal('30');
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(7_000n);

    // The decline confirms first (ADR 064): its page (GET, or a post without confirmed=1) says what happens and
    // moves nothing; a confirmed post without a reason stays on the page with the field's error.
    const path = `/admin/withdrawals/${withdrawalId}/decline`;
    const confirmPage = await finance.get(path);
    expect(confirmPage.statusCode).toBe(200);
    expect(confirmPage.body).toContain('data-confirm="withdrawal_decline"');
    expect(confirmPage.body).toContain('Decline and refund $30.00');
    expect(confirmPage.body).toContain('$30.00 goes back to the player');
    const unconfirmed = await finance.post(path, { reason: 'Card holder does not match' });
    expect(unconfirmed.statusCode).toBe(200);
    expect(unconfirmed.body).toContain('>Card holder does not match</textarea>');
    const noReason = await finance.post(path, { reason: ' ', confirmed: '1' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.body).toContain('Give the reason');
    expect(await statusOf(withdrawalId)).toBe('pending');
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(7_000n);
    expect(await auditFor(withdrawalId)).toHaveLength(0);
    // Support (no withdrawals.review) sees neither the page nor declines.
    expect((await support.get(path)).statusCode).toBe(403);
    expect((await support.post(path, { reason: 'Not mine', confirmed: '1' })).statusCode).toBe(403);
    expect(await statusOf(withdrawalId)).toBe('pending');

    const results = await Promise.all(
      [1, 2, 3].map(() => finance.post(path, { reason: 'Card holder does not match', confirmed: '1' })),
    );
    for (const r of results) expect(r.headers.location).toBe('/admin/withdrawals?ok=declined');
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_000n);
    expect(await statusOf(withdrawalId)).toBe('failed');
    expect((await ledgerTransactions(withdrawalId)).map((r) => r.kind).sort()).toEqual([
      'withdrawal.declined',
      'withdrawal.hold',
    ]);
    const audit = await auditFor(withdrawalId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'withdrawal.decline', reason: 'Card holder does not match' });
    // The player's history says it was declined (refunded), not only "failed", with the operator's reason.
    const history = await client.get('cashier.gethistory', { type: 'withdrawal' });
    const item = (history.data.items as { id: string; status: string; reason: string | null }[]).find(
      (i) => i.id === withdrawalId,
    );
    expect(item).toMatchObject({
      status: 'failed',
      reason: 'declined',
      decline_reason: 'Card holder does not match',
    });

    // Approving a declined withdrawal is refused: nothing moves.
    const late = await finance.post(`/admin/withdrawals/${withdrawalId}/approve`, { confirmed: '1' });
    expect(late.headers.location).toBe('/admin/withdrawals?error=not_pending');
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_000n);
    const shown = await finance.get(String(late.headers.location));
    expect(shown.body).toContain('already settled');
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('cannot decide a withdrawal the player already cancelled', async () => {
    const { client, player, withdrawalId } = await pendingWithdrawal('25');
    expect(
      (await client.post('cashier.cancelwithdrawal', { transaction_id: withdrawalId })).error,
    ).toBeNull();
    const r = await finance.post(`/admin/withdrawals/${withdrawalId}/decline`, {
      reason: 'duplicate',
      confirmed: '1',
    });
    expect(r.headers.location).toBe('/admin/withdrawals?error=not_pending');
    const page = await finance.get(`/admin/withdrawals/${withdrawalId}/decline`);
    expect(page.headers.location).toBe('/admin/withdrawals?error=not_pending');
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_000n);
    expect(await auditFor(withdrawalId)).toHaveLength(0);
  });
});

describe('a withdrawal that holds a bonus (ADR 049, 053)', () => {
  /** The row of the withdrawal on the pending page, up to the next row. */
  const rowOf = (body: string, id: string) => {
    const start = body.indexOf(`data-withdrawal="${id}"`);
    const end = body.indexOf('data-withdrawal="', start + 1);
    return body.slice(start, end === -1 ? undefined : end);
  };

  it('says so on its row, asks before approving, and says what a decline gives back', async () => {
    const made = await depositedClient(t.app, '100');
    const gift = await grantBonus(t.app.ctx.db, {
      playerId: made.player.id,
      template: 'operator_gift',
      source: 'operator',
      sourceRef: 'test',
      grantKey: `withdrawals-page:${made.player.id}`,
      amount: 1_000n,
      now: t.clock.now(),
    });
    const withdraw = async () => {
      const r = await made.client.post('cashier.makewithdrawal', {
        method: 'card',
        amount: '30',
        burn_bonuses: '1',
        'requisites[card_holder]': 'Jane Doe',
        'requisites[card_number]': '4111 1111 1111 1111',
      });
      expect(r.error).toBeNull();
      return r.data.transaction_id as string;
    };
    const first = await withdraw();
    const plain = await pendingWithdrawal('30');

    const page = (await finance.get('/admin/withdrawals')).body;
    const row = rowOf(page, first);
    const bonus = `Gift from the casino (#${gift.bonusId}, $10.00)`;
    expect(row).toContain(
      `Holds a bonus: ${bonus}. Approving forfeits it; declining: ${bonus} comes back to the player.`,
    );
    // Approving is a second step that names the loss; declining says the bonus comes back.
    expect(row).toMatch(/<summary class="btn btn-primary btn-sm"[^>]*>Approve…<\/summary>/);
    expect(row).toContain(`forfeits the player's bonus: ${bonus}`);
    expect(row).toContain('Approve and forfeit the bonus');
    expect(row).toContain(`Reason (the player is refunded; ${bonus} comes back to the player)`);
    // A withdrawal that holds nothing is approved in one step, as before.
    const other = rowOf(page, plain.withdrawalId);
    expect(other).not.toContain('data-held-bonus');
    expect(other).toMatch(/<button class="btn btn-primary btn-sm" type="submit"[^>]*>Approve<\/button>/);

    // A second withdrawal joins the hold: declining either one leaves the bonus held by the other.
    const second = await withdraw();
    const both = (await finance.get('/admin/withdrawals')).body;
    for (const id of [first, second])
      expect(rowOf(both, id)).toContain(`declining: ${bonus} stays held by 1 other pending withdrawal.`);

    await finance.post(`/admin/withdrawals/${second}/approve`, { confirmed: '1' });
    const [row2] = await queryRows<{ status: string }>(
      t.app.ctx.db,
      sql`select status from player_bonuses where id = ${gift.bonusId}`,
    );
    expect(row2?.status).toBe('forfeited');
    // Forfeited, the bonus is no longer at stake on the first one's row.
    expect(rowOf((await finance.get('/admin/withdrawals')).body, first)).not.toContain('data-held-bonus');
  });
});
