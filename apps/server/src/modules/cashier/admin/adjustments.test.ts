import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { getBalances } from '../../ledger/balances.ts';
import { queryRows } from '../../ledger/sql.ts';

let t: TTestApp;
let finance: Awaited<ReturnType<typeof signInOperator>>;
let financeId: number;
beforeAll(async () => {
  t = await createTestApp();
  const operator = await makeOperator(t.app, 'finance');
  financeId = operator.id;
  finance = await signInOperator(t.app, t.clock, operator);
});
afterAll(async () => {
  await t.close();
});

/** Opens the player's page (which renders a fresh one-time key) and posts the adjustment form. */
const adjust = async (playerId: number, form: Record<string, string>) => {
  const page = await finance.get(`/admin/players/${playerId}`);
  const key = /name="key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
  const response = await finance.post(`/admin/players/${playerId}/adjust`, { key, confirmed: '1', ...form });
  return { response, key };
};

const auditRows = (playerId: number) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.targetType, 'player'), eq(operatorAudit.targetId, String(playerId))));

describe('manual balance adjustments', () => {
  it('credits main against the house adjustments account and writes the audit row', async () => {
    const { player } = await makePlayer(t.app);
    const { response, key } = await adjust(player.id, {
      direction: 'credit',
      account: 'main',
      amount: '12.34',
      reason: 'Goodwill: game outage on 20 Nov',
    });
    expect(response.headers.location).toBe(`/admin/players/${player.id}?ok=adjusted`);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(1_234n);
    const [tx] = await queryRows<{ kind: string; meta: unknown }>(
      t.app.ctx.db,
      sql`select kind, meta from ledger_transactions where idempotency_key = ${`adjustment:${key}`}`,
    );
    expect(tx?.kind).toBe('adjustment.credit');
    const house = await queryRows<{ amount: unknown }>(
      t.app.ctx.db,
      sql`select e.amount from ledger_entries e join ledger_accounts a on a.id = e.account_id
          join ledger_transactions t on t.id = e.transaction_id
          where a.code = 'house:adjustments' and t.idempotency_key = ${`adjustment:${key}`}`,
    );
    expect(house.map((r) => String(r.amount))).toEqual(['-1234']);
    const [row] = await auditRows(player.id);
    expect(row).toMatchObject({
      operatorId: financeId,
      action: 'balance.credit',
      reason: 'Goodwill: game outage on 20 Nov',
      before: { account: 'main', balance: '0' },
      after: { account: 'main', balance: '1234', amount: '1234' },
    });
    expect(row?.ip).toBeTruthy();
    const page = await finance.get(`/admin/players/${player.id}?ok=adjusted`);
    expect(page.body).toContain('Adjustment posted.');
    expect(page.body).toContain('Adjustment (credit)');
    expect(page.body).toContain('Goodwill: game outage on 20 Nov');
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('moves the money once when the same form is submitted twice', async () => {
    const { player } = await makePlayer(t.app);
    const page = await finance.get(`/admin/players/${player.id}`);
    const key = /name="key" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const form = {
      key,
      confirmed: '1',
      direction: 'credit',
      account: 'bonus',
      amount: '5',
      reason: 'Birthday bonus',
    };
    await Promise.all([
      finance.post(`/admin/players/${player.id}/adjust`, form),
      finance.post(`/admin/players/${player.id}/adjust`, form),
    ]);
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(500n);
    expect(await auditRows(player.id)).toHaveLength(1);
    // The same key with a different amount is refused, not applied.
    const reused = await finance.post(`/admin/players/${player.id}/adjust`, { ...form, amount: '50' });
    expect(reused.headers.location).toBe(`/admin/players/${player.id}?error=key_used`);
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(500n);
  });

  it('never overdraws: a debit above the balance is refused and nothing is recorded', async () => {
    const { player } = await makePlayer(t.app);
    await adjust(player.id, { direction: 'credit', account: 'main', amount: '10', reason: 'Opening credit' });
    const { response } = await adjust(player.id, {
      direction: 'debit',
      account: 'main',
      amount: '10.01',
      reason: 'Chargeback recovery',
    });
    expect(response.headers.location).toBe(`/admin/players/${player.id}?error=amount_insufficientFunds`);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(1_000n);
    expect((await auditRows(player.id)).map((r) => r.action)).toEqual(['balance.credit']);

    const exact = await adjust(player.id, {
      direction: 'debit',
      account: 'main',
      amount: '10.00',
      reason: 'Chargeback recovery',
    });
    expect(exact.response.headers.location).toBe(`/admin/players/${player.id}?ok=adjusted`);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(0n);
    const debit = (await auditRows(player.id)).find((r) => r.action === 'balance.debit');
    expect(debit).toMatchObject({ before: { balance: '1000' }, after: { balance: '0', amount: '-1000' } });
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('requires a reason and a sensible amount', async () => {
    const { player } = await makePlayer(t.app);
    const cases: [Record<string, string>, string][] = [
      [{ reason: '' }, 'reason_requiredField'],
      [{ reason: 'abc' }, 'reason_minLength'],
      [{ amount: '' }, 'amount_requiredField'],
      [{ amount: '-5' }, 'amount_wrongField'],
      [{ amount: '1.234' }, 'amount_wrongField'],
      [{ amount: '0' }, 'amount_wrongField'],
      [{ amount: '100000.01' }, 'amount_maxValue'],
      [{ account: 'fun' }, 'account_wrongField'],
      [{ direction: 'sideways' }, 'direction_wrongField'],
    ];
    for (const [change, code] of cases) {
      const { response } = await adjust(player.id, {
        direction: 'credit',
        account: 'main',
        amount: '1',
        reason: 'A good reason',
        ...change,
      });
      expect(response.headers.location, JSON.stringify(change)).toBe(
        `/admin/players/${player.id}?error=${code}`,
      );
    }
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(0n);
    expect(await auditRows(player.id)).toHaveLength(0);
  });
});
