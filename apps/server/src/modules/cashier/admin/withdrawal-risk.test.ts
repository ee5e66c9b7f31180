/**
 * The withdrawal queue with risk context (issue 40): each row says the player's KYC status, account age, deposits,
 * payouts and net, bonuses, whether the payout goes back by a method the player deposited with, and a time-out in
 * force; filters by method, amount and days; a CSV of what the filters show; the declined tab says who and why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { depositedClient } from '../cashier-test-helpers.ts';

let t: TTestApp;
let finance: Awaited<ReturnType<typeof signInOperator>>;
let financeEmail: string;
beforeAll(async () => {
  t = await createTestApp();
  const operator = await makeOperator(t.app, 'finance');
  financeEmail = operator.email;
  finance = await signInOperator(t.app, t.clock, operator);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

const REQUISITES = {
  card: { 'requisites[card_holder]': 'Jane Doe', 'requisites[card_number]': '4111 1111 1111 1111' },
  bank_transfer: { 'requisites[account_holder]': 'Jane Doe', 'requisites[iban]': 'DE89370400440532013000' },
};

const withdraw = async (amount: string, method: 'card' | 'bank_transfer') => {
  const made = await depositedClient(t.app, '100');
  const r = await made.client.post('cashier.makewithdrawal', { method, amount, ...REQUISITES[method] });
  if (r.error) throw new Error(`withdrawal failed: ${JSON.stringify(r.error)}`);
  return { ...made, id: r.data.transaction_id as string };
};
const rowOf = (body: string, id: string) => {
  const start = body.indexOf(`data-withdrawal="${id}"`);
  return start < 0 ? '' : body.slice(start, body.indexOf('</tr>', start));
};

describe('the withdrawal queue with risk context', () => {
  it('shows KYC, account age, money in and out, bonuses, the method match and a time-out in force', async () => {
    const byCard = await withdraw('30', 'card');
    const byBank = await withdraw('60', 'bank_transfer');
    await byBank.client.post('responsibleGaming.takeTimeOut', { period: '24h' });
    const page = await finance.get('/admin/withdrawals');
    const card = rowOf(page.body, byCard.id);
    expect(card).toContain('not started');
    expect(card).toContain('0 days old');
    expect(card).toContain('1 · $100.00');
    expect(card).toContain('net $100.00');
    expect(card).toContain('deposited this way');
    expect(card).not.toContain('data-rg-status');
    const bank = rowOf(page.body, byBank.id);
    expect(bank).toContain('never deposited by Bank transfer');
    expect(bank).toContain('data-rg-status="time_out"');
    expect(bank).toContain('time-out until');
  });

  it('filters by method, amount and the days requested, and exports what it shows as CSV', async () => {
    const small = await withdraw('21.50', 'card');
    const large = await withdraw('75', 'bank_transfer');
    const bank = await finance.get('/admin/withdrawals?method=bank_transfer&min=70');
    expect(rowOf(bank.body, large.id)).not.toBe('');
    expect(rowOf(bank.body, small.id)).toBe('');
    const cheap = await finance.get('/admin/withdrawals?max=21.50&min=21.50');
    expect(rowOf(cheap.body, small.id)).not.toBe('');
    expect(rowOf(cheap.body, large.id)).toBe('');
    const today = t.app.ctx.providers.clock.now().toISOString().slice(0, 10);
    expect(
      rowOf((await finance.get(`/admin/withdrawals?from=${today}&to=${today}`)).body, small.id),
    ).not.toBe('');
    expect(rowOf((await finance.get('/admin/withdrawals?to=2000-01-01')).body, small.id)).toBe('');
    // A value that does not read is left out, not a crash.
    expect((await finance.get('/admin/withdrawals?min=abc&from=2026-02-31&method=cash')).statusCode).toBe(
      200,
    );

    const csv = await finance.get('/admin/withdrawals/export.csv?min=21.50&max=21.50');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('withdrawals-pending.csv');
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      'id,requested_at,settled_at,player_id,login,amount,currency,method,status,decided_by,decision_reason,kyc,registered_at,deposits,deposited,withdrawn,net_deposits,deposited_by_this_method,bonuses,open_bonuses,rg',
    );
    const line = lines.find((l) => l.startsWith(small.id))?.split(',') ?? [];
    expect(line.slice(3, 9)).toEqual([
      String(small.player.id),
      small.player.login,
      '21.50',
      'USD',
      'card',
      'pending',
    ]);
    expect(line.slice(11)).toEqual([
      'none',
      expect.any(String),
      '1',
      '100.00',
      '0.00',
      '100.00',
      'yes',
      '0',
      '0',
      '',
    ]);
    expect(lines.some((l) => l.startsWith(large.id))).toBe(false);
  });

  it('says on the declined tab who declined and why, and on the paid tab who paid', async () => {
    const declined = await withdraw('25', 'card');
    const paid = await withdraw('26', 'card');
    await finance.post(`/admin/withdrawals/${declined.id}/decline`, {
      reason: 'Card holder does not match',
      confirmed: '1',
    });
    await finance.post(`/admin/withdrawals/${paid.id}/approve`, { confirmed: '1' });
    const tab = await finance.get('/admin/withdrawals?status=failed');
    const row = rowOf(tab.body, declined.id);
    expect(row).toContain(`Declined by ${financeEmail}`);
    expect(row).toContain('“Card holder does not match”');
    expect(rowOf((await finance.get('/admin/withdrawals?status=success')).body, paid.id)).toContain(
      `Paid by ${financeEmail}`,
    );
    const csv = await finance.get('/admin/withdrawals/export.csv?status=failed');
    expect(csv.body).toContain(`${financeEmail},Card holder does not match`);
  });

  it('is for the roles that review withdrawals', async () => {
    for (const role of ['support', 'auditor', 'marketing'] as const) {
      const client = await signInOperator(t.app, t.clock, await makeOperator(t.app, role));
      expect([role, (await client.get('/admin/withdrawals/export.csv')).statusCode]).toEqual([role, 403]);
    }
    const admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
    expect((await admin.get('/admin/withdrawals/export.csv')).statusCode).toBe(200);
  });
});
