import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.ts';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookBody,
  signSandboxWebhook,
} from '../payments/sandbox-provider.ts';
import {
  confirmContacts,
  depositedClient,
  form,
  payByCard,
  refreshSession,
  sessionPath,
} from './cashier-test-helpers.ts';
import { approveWithdrawal, declineWithdrawal } from './review-withdrawal.ts';
import { registerWithdrawalCheck } from './withdrawal-checks.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

const main = async (playerId: number) => (await getBalances(t.app.ctx.db, playerId)).main;
const status = async (id: string) =>
  (
    await queryRows<{ status: string }>(
      t.app.ctx.db,
      sql`select status from cashier_transactions where id = ${id}`,
    )
  )[0]?.status;

describe('cashier settings', () => {
  it('answers deposit settings with methods, limits and presets per currency', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.get('cashier.getdepositsettings');
    expect(r.error).toBeNull();
    expect(r.data.methods.map((m: { sysname: string }) => m.sysname)).toEqual([
      'card',
      'bank_transfer',
      'ewallet',
    ]);
    expect(r.data.methods[0]).toMatchObject({ id: 1, min_amount: 10, max_amount: 5000, currency: 'USD' });
    expect(r.data.amount_presets[0]).toEqual({
      currency: 'USD',
      amount: [{ value: 20 }, { value: 50 }, { value: 100 }, { value: 250 }],
    });
    expect(r.data.deposit_limit).toEqual({
      available_amount: null,
      can_edit: true,
      expired_at: null,
      limit_amount: null,
      period: 'none',
    });
  });

  it('answers banks, withdraw settings and deposit info; refuses a visitor', async () => {
    const { client } = await depositedClient(t.app, '30');
    expect((await client.get('cashier.getbanks')).data.items[0]).toMatchObject({ bic: 'DEUTDEFF' });
    const w = await client.get('cashier.getwithdrawsettings');
    expect(w.data).toMatchObject({
      available_amount: 30,
      kyc_threshold: 2000,
      is_verified: false,
      has_confirmed_contact: true,
      bonus_at_stake: { active: 0, held: 0 },
    });
    expect(w.data.methods[0].requisites.map((f: { sysname: string }) => f.sysname)).toEqual([
      'card_holder',
      'card_number',
    ]);
    const info = await client.get('cashier.getdepositinfo');
    expect(info.data).toMatchObject({
      deposits_count: 1,
      has_deposits: true,
      total_amount: 30,
      currency: 'USD',
    });
    const visitor = await t.app.inject('/api/cashier.getdepositsettings?v=1&locale=en');
    expect(visitor.json().error.type).toBe('AuthorizationException');
  });
});

describe('deposits through the sandbox provider', () => {
  it('validates the method and the amount against its min and max', async () => {
    const { client } = await signedInClient(t.app);
    expect(
      (await client.post('cashier.makedeposit', { method: 'crypto', amount: '10' })).error.error_data,
    ).toEqual({
      invalid_parameters: { method: 'wrongField' },
    });
    expect(
      (await client.post('cashier.makedeposit', { methodId: 1, method: 'ewallet', amount: '10' })).error.type,
    ).toBe('InvalidParameterException');
    const low = await client.post('cashier.makedeposit', { method: 'card', amount: '9.99' });
    expect(low.error.error_data).toMatchObject({
      invalid_parameters: { amount: 'sumError' },
      min_amount: 10,
    });
    expect(
      (await client.post('cashier.makedeposit', { method: 'card', amount: '1.234' })).error.error_data,
    ).toEqual({
      invalid_parameters: { amount: 'wrongField' },
    });
  });

  it('credits main once when the card payment succeeds after the 3-D Secure step', async () => {
    const { client, player } = await signedInClient(t.app);
    const r = await client.post('cashier.makedeposit', {
      methodId: 1,
      method: 'card',
      amount: '1,250.50',
      campaign_offer_id: -1,
    });
    expect(r.error).toBeNull();
    expect(r.data.status).toBe('new');
    const page = await t.app.inject(sessionPath(r.data.redirect_url));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$1,250.50');
    const bad = await t.app.inject({
      method: 'POST',
      url: `${sessionPath(r.data.redirect_url)}/pay`,
      ...form({ card_number: '4242424242424241', card_holder: 'Jane', expiry: '12/30', cvv: '123' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('not valid');
    const wrongOtp = await t.app.inject({
      method: 'POST',
      url: `${sessionPath(r.data.redirect_url)}/otp`,
      ...form({ code: '000000' }),
    });
    expect(wrongOtp.statusCode).toBe(303); // no challenge yet: back to the page
    expect(await payByCard(t.app, r.data.redirect_url)).toBe(`/cashier/paysuccess/${r.data.transaction_id}`);
    expect(await main(player.id)).toBe(125_050n);
    expect(await status(r.data.transaction_id)).toBe('success');
    const history = await client.get('cashier.gethistory', { offset: 0, count: 1, type: 'deposit' });
    expect(history.data.count).toBe(1);
    expect(history.data.items[0]).toMatchObject({
      id: r.data.transaction_id,
      status: 'success',
      amount: 1250.5,
      method: 'card',
    });
  });

  it('declines the decline test card and keeps the pending one pending until it settles', async () => {
    const { client, player } = await signedInClient(t.app);
    const declined = await client.post('cashier.makedeposit', { method: 'card', amount: '20' });
    expect(await payByCard(t.app, declined.data.redirect_url, '4000000000000002')).toBe(
      `/cashier/payfail/${declined.data.transaction_id}`,
    );
    expect(await status(declined.data.transaction_id)).toBe('failed');
    const pending = await client.post('cashier.makedeposit', { method: 'card', amount: '20' });
    expect(await payByCard(t.app, pending.data.redirect_url, '4000 0000 0000 0077')).toBe(
      `/cashier/paypending/${pending.data.transaction_id}`,
    );
    expect(await status(pending.data.transaction_id)).toBe('pending');
    expect(await main(player.id)).toBe(0n);
    const settled = await t.app.inject({
      method: 'POST',
      url: `${sessionPath(pending.data.redirect_url)}/settle`,
      ...form({ status: 'paid' }),
    });
    expect(settled.headers.location).toBe(`/cashier/paysuccess/${pending.data.transaction_id}`);
    expect(await main(player.id)).toBe(2_000n);
  });

  it('cancels from the hosted page, and pays by bank transfer and e-wallet', async () => {
    const { client, player } = await signedInClient(t.app);
    const cancelled = await client.post('cashier.makedeposit', { method: 'card', amount: '20' });
    const c = await t.app.inject({
      method: 'POST',
      url: `${sessionPath(cancelled.data.redirect_url)}/cancel`,
    });
    expect(c.headers.location).toBe(`/cashier/paycancel/${cancelled.data.transaction_id}`);
    expect(await status(cancelled.data.transaction_id)).toBe('cancelled');
    const bank = await client.post('cashier.makedeposit', { method: 'bank_transfer', amount: '40' });
    const b = await t.app.inject({
      method: 'POST',
      url: `${sessionPath(bank.data.redirect_url)}/pay`,
      ...form({ iban: 'DE89370400440532013000' }),
    });
    expect(b.headers.location).toBe(`/cashier/paypending/${bank.data.transaction_id}`);
    const wallet = await client.post('cashier.makedeposit', { method: 'ewallet', amount: '15' });
    const e = await t.app.inject({
      method: 'POST',
      url: `${sessionPath(wallet.data.redirect_url)}/pay`,
      ...form({ email: 'jane@example.com', password: 'x' }),
    });
    expect(e.headers.location).toBe(`/cashier/paysuccess/${wallet.data.transaction_id}`);
    expect(await main(player.id)).toBe(1_500n);
  });

  it('verifies webhook signatures and credits a replayed webhook only once', async () => {
    const { client, player } = await signedInClient(t.app);
    const r = await client.post('cashier.makedeposit', { method: 'card', amount: '50' });
    const body = sandboxWebhookBody('x', {
      transactionId: r.data.transaction_id,
      status: 'paid',
      amount: 5_000n,
      currency: 'USD',
    });
    const send = (payload: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/payments/webhook/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload,
      });
    expect((await send(body, 'f'.repeat(64))).statusCode).toBe(401);
    const lying = sandboxWebhookBody('x', {
      transactionId: r.data.transaction_id,
      status: 'paid',
      amount: 500_000n,
      currency: 'USD',
    });
    expect((await send(lying, signSandboxWebhook(t.app.ctx.config, lying))).statusCode).toBe(409);
    const signature = signSandboxWebhook(t.app.ctx.config, body);
    const replies = await Promise.all([send(body, signature), send(body, signature), send(body, signature)]);
    expect(replies.map((x) => x.statusCode)).toEqual([200, 200, 200]);
    const failedLater = sandboxWebhookBody('x', {
      transactionId: r.data.transaction_id,
      status: 'failed',
      amount: 5_000n,
      currency: 'USD',
    });
    await send(failedLater, signSandboxWebhook(t.app.ctx.config, failedLater));
    expect(await main(player.id)).toBe(5_000n);
    expect(await status(r.data.transaction_id)).toBe('success');
  });
});

describe('deposit limits', () => {
  it('applies a decrease at once, an increase or removal only after 24 hours, and enforces the limit', async () => {
    const { client, player } = await signedInClient(t.app);
    const set = await client.post('cashier.setdepositlimit', { period: '7', amount: '100' });
    expect(set.data).toMatchObject({
      period: '7',
      limit_amount: 100,
      available_amount: 100,
      pending_amount: null,
    });
    await payByCard(
      t.app,
      (await client.post('cashier.makedeposit', { method: 'card', amount: '60' })).data.redirect_url,
    );
    const over = await client.post('cashier.makedeposit', { method: 'card', amount: '41' });
    expect(over.error).toEqual({
      type: 'BillingDepositLimitExceededException',
      error_data: { available_amount: 40, limit_amount: 100, period: '7' },
    });

    const raised = await client.post('cashier.setdepositlimit', { period: '7', amount: '500' });
    expect(raised.data).toMatchObject({ limit_amount: 100, pending_amount: 500, can_edit: false });
    expect(raised.data.expired_at).toBe(Math.floor(t.clock.now().getTime() / 1000) + 86_400);
    expect((await client.post('cashier.makedeposit', { method: 'card', amount: '41' })).error.type).toBe(
      'BillingDepositLimitExceededException',
    );
    const tighter = await client.post('cashier.setdepositlimit', { period: '30', amount: '80' });
    expect(tighter.data).toMatchObject({
      period: '30',
      limit_amount: 80,
      available_amount: 20,
      pending_amount: null,
    });
    const removed = await client.post('cashier.setdepositlimit', { period: 'none', amount: '' });
    expect(removed.data).toMatchObject({ period: '30', pending_period: 'none' });
    t.clock.advance(24 * 3600_000 + 1000);
    await refreshSession(t.app, client, player.id);
    const after = await client.get('cashier.getdepositsettings');
    expect(after.data.deposit_limit).toEqual({
      available_amount: null,
      can_edit: true,
      expired_at: null,
      limit_amount: null,
      period: 'none',
    });
    expect((await client.post('cashier.makedeposit', { method: 'card', amount: '500' })).error).toBeNull();
    expect(await main(player.id)).toBe(6_000n);
  });

  it('refuses a bad period or amount', async () => {
    const { client } = await signedInClient(t.app);
    expect(
      (await client.post('cashier.setdepositlimit', { period: '3', amount: '10' })).error.error_data,
    ).toEqual({
      invalid_parameters: { period: 'wrongField' },
    });
    expect(
      (await client.post('cashier.setdepositlimit', { period: '1', amount: 'x' })).error.error_data,
    ).toEqual({
      invalid_parameters: { amount: 'wrongField' },
    });
  });

  it('counts concurrent payments against the limit when they complete: they cannot both slip under it', async () => {
    const { client, player } = await signedInClient(t.app);
    await client.post('cashier.setdepositlimit', { period: '1', amount: '100' });
    const started = await Promise.all(
      [1, 2, 3].map(() => client.post('cashier.makedeposit', { method: 'card', amount: '40' })),
    );
    expect(started.filter((r) => r.error === null)).toHaveLength(3);
    const paid = await Promise.all(started.map((r) => payByCard(t.app, r.data.redirect_url)));
    expect(paid.filter((location) => location.startsWith('/cashier/paysuccess/'))).toHaveLength(2);
    expect(paid.filter((location) => location.startsWith('/cashier/payfail/'))).toHaveLength(1);
    expect(await main(player.id)).toBe(8_000n);
  });
});

describe('withdrawals', () => {
  const card = {
    method: 'card',
    'requisites[card_holder]': 'Jane Doe',
    'requisites[card_number]': '4242 4242 4242 4242',
  };

  it('holds the money until approval; cancel returns it; history shows both', async () => {
    const { client, player } = await depositedClient(t.app, '100');
    const w = await client.post('cashier.makewithdrawal', { ...card, amount: '30' });
    expect(w.error).toBeNull();
    expect(w.data).toMatchObject({ status: 'pending', amount: 30, currency: 'USD' });
    expect(await main(player.id)).toBe(7_000n);
    const cancel = await client.post('cashier.cancelwithdrawal', { transaction_id: w.data.transaction_id });
    expect(cancel.data).toEqual({
      transaction_id: w.data.transaction_id,
      status: 'cancelled',
      bonus_returned: 0,
    });
    expect(await main(player.id)).toBe(10_000n);
    expect(
      (await client.post('cashier.cancelwithdrawal', { transaction_id: w.data.transaction_id })).data.status,
    ).toBe('cancelled');
    expect(await main(player.id)).toBe(10_000n);

    const json = await client.post('cashier.makewithdrawal', {
      method: 'bank_transfer',
      amount: '50',
      requisites: JSON.stringify({ account_holder: 'Jane Doe', iban: 'GB82 WEST 1234 5698 7654 32' }),
    });
    expect(json.error).toBeNull();
    expect((await approveWithdrawal(t.app.ctx, json.data.transaction_id, 'op1')).status).toBe('success');
    expect(
      (await client.post('cashier.cancelwithdrawal', { transaction_id: json.data.transaction_id })).error
        .type,
    ).toBe('WithdrawalDeclinedException');
    expect(await main(player.id)).toBe(5_000n);
    const third = await client.post('cashier.makewithdrawal', { ...card, amount: '20' });
    expect((await declineWithdrawal(t.app.ctx, third.data.transaction_id, 'op1')).status).toBe('failed');
    expect(await main(player.id)).toBe(5_000n);
    const history = await client.get('cashier.gethistory', { type: 'withdrawal', offset: 0, count: 10 });
    expect(history.data.count).toBe(3);
    expect(history.data.items.map((i: { status: string }) => i.status).sort()).toEqual([
      'cancelled',
      'failed',
      'success',
    ]);
    expect(
      history.data.items.find((i: { method: string }) => i.method === 'card').requisites.card_number,
    ).toBe('424242...4242');
    expect(
      (await client.get('cashier.gethistory', { type: 'deposit', status: 'success', offset: 0, count: 1 }))
        .data.count,
    ).toBe(1);
    const other = await signedInClient(t.app);
    expect(
      (await other.client.post('cashier.cancelwithdrawal', { transaction_id: third.data.transaction_id }))
        .error.error_data,
    ).toEqual({
      invalid_parameters: { transaction_id: 'notFound' },
    });
  });

  it('validates requisites with the §5 rules', async () => {
    const { client } = await depositedClient(t.app, '100');
    const r = await client.post('cashier.makewithdrawal', {
      method: 'card',
      amount: '30',
      'requisites[card_holder]': 'J4ne',
      'requisites[card_number]': '4242424242424241',
    });
    expect(r.error.error_data).toEqual({
      invalid_parameters: { card_holder: 'wrongField', card_number: 'wrongCardNumber' },
    });
    const iban = await client.post('cashier.makewithdrawal', {
      method: 'bank_transfer',
      amount: '60',
      requisites: JSON.stringify({ account_holder: 'Jane', iban: 'DE00370400440532013000' }),
    });
    expect(iban.error.error_data).toEqual({ invalid_parameters: { iban: 'wrongIban' } });
  });

  it('needs a confirmed contact, verification over the threshold, and respects the limits', async () => {
    const { client, player } = await signedInClient(t.app);
    const noContact = await client.post('cashier.makewithdrawal', { ...card, amount: '30' });
    expect(noContact.error).toEqual({
      type: 'UserNeedConfirmContactException',
      error_data: { link: '/profile/settings', show: true },
    });
    await confirmContacts(t.app, player.id);
    const kyc = await client.post('cashier.makewithdrawal', { ...card, amount: '2000.01' });
    expect(kyc.error).toMatchObject({
      type: 'KycWithdrawalException',
      error_data: { show: true, link: '/profile/verification' },
    });
    const tooBig = await client.post('cashier.makewithdrawal', { ...card, amount: '5000.01' });
    expect(tooBig.error.type).toBe('WithdrawalLimitsExceededException');
    const broke = await client.post('cashier.makewithdrawal', { ...card, amount: '30' });
    expect(broke.error).toEqual({
      type: 'WithdrawalDeclinedException',
      error_data: { reason: 'insufficient_funds' },
    });

    await t.app.ctx.db.execute(sql`update players set is_verified = true where id = ${player.id}`);
    const rich = await depositedClient(t.app, '0');
    await t.app.ctx.db.execute(sql`update players set is_verified = true where id = ${rich.player.id}`);
    for (let i = 0; i < 3; i++) {
      const r = await rich.client.post('cashier.makedeposit', { method: 'bank_transfer', amount: '20000' });
      const path = sessionPath(r.data.redirect_url);
      await t.app.inject({ method: 'POST', url: `${path}/pay`, ...form({ iban: 'DE89370400440532013000' }) });
      await t.app.inject({ method: 'POST', url: `${path}/settle`, ...form({ status: 'paid' }) });
    }
    for (let i = 0; i < 2; i++)
      expect(
        (await rich.client.post('cashier.makewithdrawal', { ...card, amount: '5000' })).error,
      ).toBeNull();
    const daily = await rich.client.post('cashier.makewithdrawal', { ...card, amount: '20' });
    expect(daily.error).toEqual({
      type: 'WithdrawalLimitsPeriodExceededException',
      error_data: { period: 'day', limit_amount: 10000, available_amount: 0 },
    });
    for (let day = 0; day < 2; day++) {
      t.clock.advance(86_400_000 + 1000);
      await refreshSession(t.app, rich.client, rich.player.id);
      for (let i = 0; i < 2; i++)
        expect(
          (await rich.client.post('cashier.makewithdrawal', { ...card, amount: '5000' })).error,
        ).toBeNull();
    }
    const weekly = await rich.client.post('cashier.makewithdrawal', { ...card, amount: '20' });
    expect(weekly.error.error_data).toMatchObject({ period: 'week', limit_amount: 30000 });
  });

  it('runs registered checks (bonus wagering) inside the withdrawal and rolls back on a block', async () => {
    const { client, player } = await depositedClient(t.app, '100');
    const remove = registerWithdrawalCheck('test-wagering', async ({ player: p }) => {
      if (p.id === player.id)
        throw new AppError('WithdrawalDeclinedException', { reason: 'wagering_incomplete' });
    });
    try {
      const r = await client.post('cashier.makewithdrawal', { ...card, amount: '30' });
      expect(r.error).toEqual({
        type: 'WithdrawalDeclinedException',
        error_data: { reason: 'wagering_incomplete' },
      });
      expect(await main(player.id)).toBe(10_000n);
    } finally {
      remove();
    }
    expect((await client.post('cashier.makewithdrawal', { ...card, amount: '30' })).error).toBeNull();
  });
});
