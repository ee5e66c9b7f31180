/**
 * Issue 36: a deposit ends in a state the player can read. Only completed deposits count towards the deposit limit
 * (checked again when a payment completes), open deposits expire or are cancelled, and money that arrives after
 * that is refunded or credited, never lost or made up.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { PENDING_CARD } from '../payments/sandbox-provider.ts';
import { form, payByCard, refreshSession, sessionPath } from './cashier-test-helpers.ts';
import { EXPIRE_DEPOSITS_JOB } from './expire-deposits.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

const CARD = { card_number: '4242424242424242', card_holder: 'Jane Doe', expiry: '12/30', cvv: '123' };
const main = async (playerId: number) => (await getBalances(t.app.ctx.db, playerId)).main;
const deposit = async (id: string) =>
  (
    await queryRows<{ status: string; status_reason: string | null }>(
      t.app.ctx.db,
      sql`select status, status_reason from cashier_transactions where id = ${id}`,
    )
  )[0];
const sessionStatus = async (transactionId: string) =>
  (
    await queryRows<{ status: string }>(
      t.app.ctx.db,
      sql`select status from sandbox_payment_sessions where transaction_id = ${transactionId}`,
    )
  )[0]?.status;
/** Runs the expiry job as its timer would, and every job it queued (the provider's voids). */
const runExpiry = async () => {
  await t.app.ctx.jobs.runRecurring(EXPIRE_DEPOSITS_JOB);
  await t.app.ctx.jobs.drain();
};
const minutes = (n: number) => n * 60_000;
type TClient = Awaited<ReturnType<typeof signedInClient>>['client'];
const startDeposit = async (client: TClient, method: string, amount: string) => {
  const r = await client.post('cashier.makedeposit', { method, amount });
  expect(r.error).toBeNull();
  return r.data as { transaction_id: string; redirect_url: string };
};
/** The card form filled in: the session waits at the 3-D Secure step. */
const toChallenge = (redirectUrl: string, card = CARD.card_number) =>
  t.app.inject({
    method: 'POST',
    url: `${sessionPath(redirectUrl)}/pay`,
    ...form({ ...CARD, card_number: card }),
  });
const settleAtSandbox = (redirectUrl: string, status: 'paid' | 'failed') =>
  t.app.inject({ method: 'POST', url: `${sessionPath(redirectUrl)}/settle`, ...form({ status }) });
const historyItem = async (client: TClient, id: string) => {
  const r = await client.get('cashier.gethistory', { offset: 0, count: 100 });
  return r.data.items.find((i: { id: string }) => i.id === id);
};

describe('the deposit limit counts completed deposits only', () => {
  it('two payments left open and a completed $50 deposit leave $10 of a $60 daily limit', async () => {
    const { client } = await signedInClient(t.app);
    await startDeposit(client, 'card', '20');
    const atChallenge = await startDeposit(client, 'card', '25');
    await toChallenge(atChallenge.redirect_url);
    expect(await sessionStatus(atChallenge.transaction_id)).toBe('challenge');
    await payByCard(t.app, (await startDeposit(client, 'card', '50')).redirect_url);

    const set = await client.post('cashier.setdepositlimit', { period: '1', amount: '60' });
    expect(set.data).toMatchObject({ limit_amount: 60, available_amount: 10 });
    expect((await client.get('account.getDepositLimit')).data.available_amount).toBe(10);
    expect((await client.get('cashier.getdepositsettings')).data.deposit_limit.available_amount).toBe(10);
    const over = await client.post('cashier.makedeposit', { method: 'card', amount: '10.01' });
    expect(over.error).toEqual({
      type: 'BillingDepositLimitExceededException',
      error_data: { available_amount: 10, limit_amount: 60, period: '1' },
    });
    expect((await client.post('cashier.makedeposit', { method: 'card', amount: '10' })).error).toBeNull();
  });

  it('payments completing past the limit are refunded, not credited, when several complete at once', async () => {
    const { client, player } = await signedInClient(t.app);
    await payByCard(t.app, (await startDeposit(client, 'card', '40')).redirect_url);
    await client.post('cashier.setdepositlimit', { period: '1', amount: '60' });
    // All fit when they start ($20 left, $10 each): an open payment holds nothing back.
    const started = await Promise.all([1, 2, 3, 4, 5].map(() => startDeposit(client, 'card', '10')));
    const results = await Promise.all(started.map((d) => payByCard(t.app, d.redirect_url)));
    const ids = started.map((d) => d.transaction_id);
    const states = await Promise.all(ids.map(deposit));
    expect(states.filter((s) => s?.status === 'success')).toHaveLength(2);
    expect(states.filter((s) => s?.status === 'refunded')).toHaveLength(3);
    ids.forEach((id, i) => {
      const refunded = states[i]?.status === 'refunded';
      expect(states[i]?.status_reason).toBe(refunded ? 'deposit_limit' : null);
      expect(results[i]).toBe(`/cashier/${refunded ? 'payfail' : 'paysuccess'}/${id}`);
    });
    expect(await main(player.id)).toBe(6_000n);
    expect((await client.get('account.getDepositLimit')).data.available_amount).toBe(0);

    await t.app.ctx.jobs.drain();
    const refundedIds = ids.filter((_, i) => states[i]?.status === 'refunded');
    for (const id of refundedIds) {
      expect(await sessionStatus(id)).toBe('refunded');
      expect(await historyItem(client, id)).toMatchObject({
        status: 'refunded',
        reason: 'deposit_limit',
        can_cancel: false,
      });
    }
  });
});

describe('an unfinished deposit expires', () => {
  it('after DEPOSIT_EXPIRY_MINUTES, by the job; its payment page then takes no payment', async () => {
    const { client, player } = await signedInClient(t.app);
    const expiry = t.app.ctx.config.DEPOSIT_EXPIRY_MINUTES;
    expect(expiry).toBe(30);
    const open = await startDeposit(client, 'card', '30');
    await toChallenge(open.redirect_url);
    t.clock.advance(minutes(expiry) - 1000);
    await runExpiry();
    expect((await deposit(open.transaction_id))?.status).toBe('new');
    expect(await historyItem(client, open.transaction_id)).toMatchObject({ status: 'new', can_cancel: true });

    t.clock.advance(2000);
    await runExpiry();
    expect((await deposit(open.transaction_id))?.status).toBe('expired');
    expect(await sessionStatus(open.transaction_id)).toBe('voided');
    const challenge = await t.app.inject(sessionPath(open.redirect_url));
    expect(challenge.body).toContain('This payment session is closed');
    const otp = await t.app.inject({
      method: 'POST',
      url: `${sessionPath(open.redirect_url)}/otp`,
      ...form({ code: '000000' }),
    });
    expect(otp.headers.location).toBe(sessionPath(open.redirect_url));
    expect(await main(player.id)).toBe(0n);
    expect(await historyItem(client, open.transaction_id)).toMatchObject({
      status: 'expired',
      can_cancel: false,
      reason: null,
    });
    const filtered = await client.get('cashier.gethistory', { status: 'expired', offset: 0, count: 10 });
    expect(filtered.data.items.map((i: { id: string }) => i.id)).toEqual([open.transaction_id]);
  });

  it('a pending bank transfer after DEPOSIT_PENDING_EXPIRY_HOURS; money arriving later is credited', async () => {
    const { client, player } = await signedInClient(t.app);
    const bank = await startDeposit(client, 'bank_transfer', '40');
    await t.app.inject({
      method: 'POST',
      url: `${sessionPath(bank.redirect_url)}/pay`,
      ...form({ iban: 'DE89370400440532013000' }),
    });
    expect((await deposit(bank.transaction_id))?.status).toBe('pending');
    const hours = t.app.ctx.config.DEPOSIT_PENDING_EXPIRY_HOURS;
    t.clock.advance(hours * 3_600_000 - minutes(1));
    await runExpiry();
    expect((await deposit(bank.transaction_id))?.status).toBe('pending');
    t.clock.advance(minutes(2));
    await runExpiry();
    expect((await deposit(bank.transaction_id))?.status).toBe('expired');
    // A transfer under way is not voided: the bank may still deliver it, and then it is the player's money.
    expect(await sessionStatus(bank.transaction_id)).toBe('pending');
    const late = await settleAtSandbox(bank.redirect_url, 'paid');
    expect(late.headers.location).toBe(`/cashier/paysuccess/${bank.transaction_id}`);
    expect((await deposit(bank.transaction_id))?.status).toBe('success');
    expect(await main(player.id)).toBe(4_000n);
    await refreshSession(t.app, client, player.id);
    expect(await historyItem(client, bank.transaction_id)).toMatchObject({ status: 'success', amount: 40 });
  });

  it('a late payment after expiry that would pass the deposit limit is refunded', async () => {
    const { client, player } = await signedInClient(t.app);
    await client.post('cashier.setdepositlimit', { period: '30', amount: '50' });
    const bank = await startDeposit(client, 'bank_transfer', '40');
    await t.app.inject({
      method: 'POST',
      url: `${sessionPath(bank.redirect_url)}/pay`,
      ...form({ iban: 'DE89370400440532013000' }),
    });
    await payByCard(t.app, (await startDeposit(client, 'card', '20')).redirect_url);
    t.clock.advance(t.app.ctx.config.DEPOSIT_PENDING_EXPIRY_HOURS * 3_600_000 + minutes(1));
    await runExpiry();
    expect((await deposit(bank.transaction_id))?.status).toBe('expired');
    const late = await settleAtSandbox(bank.redirect_url, 'paid');
    expect(late.headers.location).toBe(`/cashier/payfail/${bank.transaction_id}`);
    expect(await deposit(bank.transaction_id)).toEqual({
      status: 'refunded',
      status_reason: 'deposit_limit',
    });
    await t.app.ctx.jobs.drain();
    expect(await sessionStatus(bank.transaction_id)).toBe('refunded');
    expect(await main(player.id)).toBe(2_000n);
  });
});

describe('cashier.canceldeposit', () => {
  it('cancels an open deposit, voids its payment page, and answers the same when asked again', async () => {
    const { client, player } = await signedInClient(t.app);
    const open = await startDeposit(client, 'card', '25');
    await toChallenge(open.redirect_url);
    const cancel = await client.post('cashier.canceldeposit', { transaction_id: open.transaction_id });
    expect(cancel.error).toBeNull();
    expect(cancel.data).toEqual({ transaction_id: open.transaction_id, status: 'cancelled' });
    expect(await historyItem(client, open.transaction_id)).toMatchObject({
      status: 'cancelled',
      can_cancel: false,
    });
    await t.app.ctx.jobs.drain();
    expect(await sessionStatus(open.transaction_id)).toBe('voided');
    const otp = /data-testid="otp">(\d{6})</.exec((await t.app.inject(sessionPath(open.redirect_url))).body);
    expect(otp).toBeNull();
    expect((await client.post('cashier.canceldeposit', { id: open.transaction_id })).data.status).toBe(
      'cancelled',
    );
    expect(await main(player.id)).toBe(0n);
  });

  it('refuses a settled deposit, another player’s, and a missing id', async () => {
    const { client } = await signedInClient(t.app);
    const paid = await startDeposit(client, 'card', '15');
    await payByCard(t.app, paid.redirect_url);
    expect(await historyItem(client, paid.transaction_id)).toMatchObject({ can_cancel: false });
    expect(
      (await client.post('cashier.canceldeposit', { transaction_id: paid.transaction_id })).error,
    ).toEqual({
      type: 'BillingTransactionDeclinedException',
      error_data: { reason: 'not_cancellable', status: 'success' },
    });
    expect((await deposit(paid.transaction_id))?.status).toBe('success');
    const open = await startDeposit(client, 'card', '15');
    const other = await signedInClient(t.app);
    expect(
      (await other.client.post('cashier.canceldeposit', { transaction_id: open.transaction_id })).error,
    ).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { transaction_id: 'notFound' } },
    });
    expect((await client.post('cashier.canceldeposit', {})).error.error_data).toEqual({
      invalid_parameters: { transaction_id: 'requiredField' },
    });
    expect((await deposit(open.transaction_id))?.status).toBe('new');
    const visitor = await t.app.inject({ method: 'POST', url: '/api/cashier.canceldeposit?v=1&locale=en' });
    expect(visitor.json().error.type).toBe('AuthorizationException');
  });

  it('refunds money that arrives after the player cancelled a pending payment', async () => {
    const { client, player } = await signedInClient(t.app);
    const pending = await startDeposit(client, 'card', '35');
    await toChallenge(pending.redirect_url, PENDING_CARD);
    expect((await deposit(pending.transaction_id))?.status).toBe('pending');
    expect(await historyItem(client, pending.transaction_id)).toMatchObject({ can_cancel: true });
    await client.post('cashier.canceldeposit', { transaction_id: pending.transaction_id });
    await t.app.ctx.jobs.drain();
    expect(await sessionStatus(pending.transaction_id)).toBe('pending');

    const late = await settleAtSandbox(pending.redirect_url, 'paid');
    expect(late.headers.location).toBe(`/cashier/payfail/${pending.transaction_id}`);
    expect(await deposit(pending.transaction_id)).toEqual({ status: 'refunded', status_reason: 'cancelled' });
    await t.app.ctx.jobs.drain();
    expect(await sessionStatus(pending.transaction_id)).toBe('refunded');
    expect(await main(player.id)).toBe(0n);
    expect(await historyItem(client, pending.transaction_id)).toMatchObject({
      status: 'refunded',
      reason: 'cancelled',
    });
  });
});
