/**
 * The operator gaps of issue 12, through the real pages: creating a cashback program (the edit form's terms and
 * validation, its words in the six site locales, audited), and a promo code's own bonus amount (set on creation or
 * later, audited, required when the template has none) that a player's activation grants to the cent through the
 * bonus engine: house:bonuses → the player's bonus account, wagering on that amount.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../../backoffice/schema.ts';
import { refreshSession } from '../../cashier/cashier-test-helpers.ts';
import { fundedClient } from '../../games/play/test-helpers.ts';
import { auditLedger } from '../../ledger/audit.ts';
import { getBalances } from '../../ledger/balances.ts';
import { queryRows, toBigInt } from '../../ledger/sql.ts';
import { walletService } from '../../wallet/wallet-service.ts';
import { CASHBACK_JOB } from '../module.ts';

let t: TTestApp;
let marketing: Awaited<ReturnType<typeof signInOperator>>;
beforeAll(async () => {
  t = await createTestApp();
  marketing = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'marketing'));
}, 180_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t?.close();
});

const audited = (action: string) =>
  t.app.ctx.db.select().from(operatorAudit).where(eq(operatorAudit.action, action)).orderBy(operatorAudit.id);

const count = async (table: 'cashback_programs' | 'promo_codes') =>
  (await queryRows<{ n: number }>(t.app.ctx.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]?.n;

describe('creating a cashback program', () => {
  const FORM = {
    sysname: 'daily_boost',
    period: 'daily',
    percent: '5',
    min_amount: '0.50',
    max_amount: '50.00',
    payout: 'real',
    template: '',
    receiving_days: '3',
    is_active: '1',
  };

  it('creates one with its words in every site locale, audited; the list and its page show it', async () => {
    const list = await marketing.get('/admin/promotions/cashback');
    expect(list.body).toContain('href="/admin/promotions/cashback/new"');
    expect((await marketing.get('/admin/promotions/cashback/new')).body).toContain('name="sysname"');

    const created = await marketing.post('/admin/promotions/cashback', FORM);
    expect(created.headers.location).toBe('/admin/promotions/cashback/1001?ok=cashback_created');
    const [row] = await queryRows<{
      sysname: string;
      period: string;
      percent: number;
      min_amount: unknown;
      max_amount: unknown;
      payout: string;
      template_id: unknown;
      receiving_days: number;
      description: { texts: Record<string, { title: string; text: string }> };
      edited_at: unknown;
    }>(t.app.ctx.db, sql`select * from cashback_programs where id = 1001`);
    expect(row).toMatchObject({ sysname: 'daily_boost', period: 'daily', percent: 5, payout: 'real' });
    expect([toBigInt(row?.min_amount ?? 0), toBigInt(row?.max_amount ?? 0), row?.receiving_days]).toEqual([
      50n,
      5_000n,
      3,
    ]);
    expect(row?.template_id).toBeNull();
    expect(row?.edited_at).not.toBeNull();
    expect(Object.keys(row?.description.texts ?? {}).sort()).toEqual(['ar', 'de', 'en', 'es', 'fr', 'pt']);
    expect(row?.description.texts.en).toEqual({
      title: 'Daily cashback',
      text: '{percent}% of your net losses back, up to {max}.',
    });
    const page = await marketing.get(created.headers.location ?? '');
    expect(page.body).toContain('Cashback program created');
    expect(page.body).toContain('daily_boost');
    const [audit] = await audited('cashback_program.create');
    expect(audit).toMatchObject({
      targetType: 'cashback_program',
      targetId: '1001',
      after: {
        sysname: 'daily_boost',
        period: 'daily',
        percent: 5,
        min_amount: '50',
        max_amount: '5000',
        payout: 'real',
        template: null,
        receiving_days: 3,
        is_active: true,
      },
    });

    // A bonus payout without a cap: its template, and the words without {max}.
    const bonus = await marketing.post('/admin/promotions/cashback', {
      ...FORM,
      sysname: 'monthly_bonus_back',
      period: 'monthly',
      max_amount: '',
      payout: 'bonus',
      template: 'cashback_bonus',
    });
    expect(bonus.headers.location).toBe('/admin/promotions/cashback/1002?ok=cashback_created');
    const [second] = await queryRows<{ description: { texts: Record<string, { title: string }> } }>(
      t.app.ctx.db,
      sql`select description from cashback_programs where id = 1002`,
    );
    expect(second?.description.texts.de).toEqual({
      title: 'Monatliches Cashback',
      text: '{percent} % deiner Nettoverluste zurück.',
    });
    expect((await marketing.get('/admin/promotions/cashback')).body).toContain('bonus (cashback_bonus)');
  });

  it('refuses bad input with the same codes as the edit form, a NUL with the flash, nothing stored', async () => {
    const before = await count('cashback_programs');
    for (const [change, code] of [
      [{ sysname: '' }, 'sysname_requiredField'],
      [{ sysname: 'Has Space' }, 'sysname_wrongField'],
      [{ sysname: 'daily_boost' }, 'sysname_taken'],
      [{ sysname: 'weekly_cashback' }, 'sysname_taken'],
      [{ percent: '0' }, 'percent_wrongField'],
      [{ percent: '101' }, 'percent_maxValue'],
      [{ max_amount: '0.10' }, 'max_amount_wrongField'],
      [{ payout: 'cash' }, 'payout_wrongField'],
      [{ payout: 'bonus', template: '' }, 'template_requiredField'],
      [{ period: 'hourly' }, 'period_wrongField'],
      [{ receiving_days: '91' }, 'receiving_days_maxValue'],
    ] as const) {
      const refused = await marketing.post('/admin/promotions/cashback', {
        ...FORM,
        sysname: 'fresh_one',
        ...change,
      });
      expect(refused.statusCode).toBe(303);
      expect(refused.headers.location, JSON.stringify(change)).toBe(
        `/admin/promotions/cashback/new?error=${code}`,
      );
    }
    expect((await marketing.get('/admin/promotions/cashback/new?error=sysname_taken')).body).toContain(
      'That sysname is taken',
    );
    const nul = await marketing.postFrom('/admin/promotions/cashback/new', '/admin/promotions/cashback', {
      ...FORM,
      sysname: 'nul\u0000name',
    });
    expect(nul.headers.location).toBe('/admin/promotions/cashback/new?error=bad_input');
    expect(await count('cashback_programs')).toBe(before);
    expect(await audited('cashback_program.create')).toHaveLength(2);

    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    expect((await auditor.get('/admin/promotions/cashback')).body).not.toContain('/cashback/new');
    expect((await auditor.get('/admin/promotions/cashback/new')).statusCode).toBe(403);
    expect((await auditor.post('/admin/promotions/cashback', FORM)).statusCode).toBe(403);
  });
});

/** The ledger movements of a bonus's activation, by account. */
const grantMovements = (bonusId: number) =>
  queryRows<{ code: string; amount: unknown }>(
    t.app.ctx.db,
    sql`select a.code, e.amount from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
        where t.reference = ${`bonus:${bonusId}`} order by a.code`,
  );

const codeId = async (code: string) =>
  Number(
    (
      await queryRows<{ id: unknown }>(
        t.app.ctx.db,
        sql`select id from promo_codes where upper(code) = upper(${code})`,
      )
    )[0]?.id,
  );

/** A new player activates the code: the bonus row it got (amount, wagering) and its ledger. */
const redeem = async (code: string) => {
  const { client, player } = await signedInClient(t.app);
  const checked = await client.post('campaigns.checkPromocode', { promo_code: code });
  const used = await client.post('campaigns.activateOffer', { promo_code: code });
  expect(used.error).toBeNull();
  const [bonus] = await queryRows<{ id: unknown; amount: unknown; wager_requirement: unknown }>(
    t.app.ctx.db,
    sql`select id, amount, wager_requirement from player_bonuses where player_id = ${player.id}`,
  );
  const movements = await grantMovements(Number(bonus?.id));
  return {
    player,
    offered: checked.data?.bonus?.amount,
    amount: toBigInt(bonus?.amount ?? 0),
    wagering: toBigInt(bonus?.wager_requirement ?? 0),
    balance: (await getBalances(t.app.ctx.db, player.id)).bonus,
    movements: movements.map((m) => [m.code.replace(`:${player.id}:`, ':<player>:'), toBigInt(m.amount)]),
  };
};

describe("a promo code's own bonus amount", () => {
  const TERMS = { template: 'demo10', per_player_limit: '1', max_uses: '' };

  it('grants exactly the code’s amount, to the cent, through the engine; an edit changes the next activation', async () => {
    const created = await marketing.post('/admin/promotions/codes', {
      ...TERMS,
      code: 'EXACT1234',
      bonus_amount: '12.34',
    });
    const id = await codeId('EXACT1234');
    expect(created.headers.location).toBe(`/admin/promotions/codes/${id}?ok=code_created`);
    expect((await audited('promo_code.create')).at(-1)?.after).toMatchObject({ bonusAmount: '1234' });

    const first = await redeem('EXACT1234');
    expect(first).toMatchObject({ offered: 12.34, amount: 1_234n, wagering: 12_340n, balance: 1_234n });
    expect(first.movements).toEqual([
      ['house:bonuses', -1_234n],
      ['player:<player>:bonus', 1_234n],
    ]);

    // The code's page: the amount form shows its amount and the template's.
    const page = await marketing.get(`/admin/promotions/codes/${id}`);
    expect(page.body).toContain('name="bonus_amount" inputmode="decimal" value="12.34"');
    expect(page.body).toContain('(empty: the template’s, 10.00)');
    const edited = await marketing.post(`/admin/promotions/codes/${id}/amount`, { bonus_amount: '7.05' });
    expect(edited.headers.location).toBe(`/admin/promotions/codes/${id}?ok=code_saved`);
    const [audit] = await audited('promo_code.update');
    expect(audit).toMatchObject({
      targetId: String(id),
      before: { bonus_amount: '1234' },
      after: { bonus_amount: '705' },
    });
    const second = await redeem('EXACT1234');
    expect(second).toMatchObject({ offered: 7.05, amount: 705n, wagering: 7_050n, balance: 705n });
    expect(second.movements).toEqual([
      ['house:bonuses', -705n],
      ['player:<player>:bonus', 705n],
    ]);
    // The first player's bonus keeps its amount.
    expect((await getBalances(t.app.ctx.db, first.player.id)).bonus).toBe(1_234n);

    // Emptied: the template's amount again.
    await marketing.post(`/admin/promotions/codes/${id}/amount`, { bonus_amount: '' });
    expect((await redeem('EXACT1234')).amount).toBe(1_000n);
    // The same amount again: nothing changed, nothing audited.
    await marketing.post(`/admin/promotions/codes/${id}/amount`, { bonus_amount: '' });
    expect(await audited('promo_code.update')).toHaveLength(2);
  });

  it('needs an amount when the template has none, and refuses bad amounts without changing anything', async () => {
    const missing = await marketing.post('/admin/promotions/codes', {
      ...TERMS,
      template: 'operator_gift',
      code: 'GIFTNONE',
      bonus_amount: '',
    });
    expect(missing.headers.location).toBe('/admin/promotions/codes?error=bonus_amount_requiredField');
    const batch = await marketing.post('/admin/promotions/codes/batch', {
      ...TERMS,
      template: 'operator_gift',
      prefix: 'GIFT',
      count: '2',
    });
    expect(batch.headers.location).toBe('/admin/promotions/codes?error=bonus_amount_requiredField');
    expect((await marketing.get(missing.headers.location ?? '')).body).toContain(
      'That template has no amount of its own',
    );

    await marketing.post('/admin/promotions/codes', {
      ...TERMS,
      template: 'operator_gift',
      code: 'GIFT321',
      bonus_amount: '3.21',
    });
    const gift = await redeem('GIFT321');
    expect([gift.amount, gift.balance, gift.wagering]).toEqual([321n, 321n, 3_210n]);

    const id = await codeId('GIFT321');
    const before = await count('promo_codes');
    for (const [amount, code] of [
      ['', 'bonus_amount_requiredField'],
      ['0', 'bonus_amount_wrongField'],
      ['0.00', 'bonus_amount_wrongField'],
      ['-1.00', 'bonus_amount_wrongField'],
      ['1e3', 'bonus_amount_wrongField'],
      ['3.215', 'bonus_amount_wrongField'],
      ['100000.01', 'bonus_amount_maxValue'],
    ] as const) {
      const refused = await marketing.post(`/admin/promotions/codes/${id}/amount`, { bonus_amount: amount });
      expect(refused.headers.location, amount).toBe(`/admin/promotions/codes/${id}?error=${code}`);
    }
    const nul = await marketing.postFrom(
      `/admin/promotions/codes/${id}`,
      `/admin/promotions/codes/${id}/amount`,
      { bonus_amount: '5.00\u0000' },
    );
    expect(nul.headers.location).toBe(`/admin/promotions/codes/${id}?error=bad_input`);
    expect(await count('promo_codes')).toBe(before);
    const [row] = await queryRows<{ bonus_amount: unknown }>(
      t.app.ctx.db,
      sql`select bonus_amount from promo_codes where id = ${id}`,
    );
    expect(toBigInt(row?.bonus_amount ?? 0)).toBe(321n);
    expect(
      await t.app.ctx.db
        .select()
        .from(operatorAudit)
        .where(and(eq(operatorAudit.action, 'promo_code.update'), eq(operatorAudit.targetId, String(id)))),
    ).toHaveLength(0);

    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    expect((await auditor.get(`/admin/promotions/codes/${id}`)).body).not.toContain('/amount"');
    expect(
      (await auditor.post(`/admin/promotions/codes/${id}/amount`, { bonus_amount: '1.00' })).statusCode,
    ).toBe(403);
  });

  it('answers INVALID, not a failure, for a code whose template has no amount and that names none', async () => {
    await t.app.ctx.db.execute(sql`update promo_codes set bonus_amount = null where upper(code) = 'GIFT321'`);
    const { client } = await signedInClient(t.app);
    for (const call of ['campaigns.checkPromocode', 'campaigns.activateOffer'])
      expect((await client.post(call, { promo_code: 'GIFT321' })).error).toMatchObject({
        error_data: { invalid_parameters: { promo_code: 'INVALID' } },
      });
  });
});

describe('a created cashback program at its period’s end', () => {
  it('pays the share its terms say, and the player reads its words with the figures filled in', async () => {
    // The program of the first test: daily, 5 % of net losses, 0.50 to 50.00, real money.
    const made = await fundedClient(t.app, 100_000n);
    const { token } = await walletService.openSession(t.app.ctx, {
      playerId: made.player.id,
      game: 'copperfox_cherry_flare',
      mode: 'real',
      provider: 'acme',
    });
    await walletService.bet(t.app.ctx, {
      session: token,
      transactionId: 'db1b',
      roundId: 'db1',
      amount: 4_000n,
    });
    await walletService.win(t.app.ctx, {
      session: token,
      transactionId: 'db1w',
      roundId: 'db1',
      amount: 1_000n,
    });
    t.clock.set(new Date(`${t.clock.now().toISOString().slice(0, 10)}T00:00:00Z`));
    t.clock.advance(86_400_000 + 600_000);
    await t.app.ctx.jobs.runRecurring(CASHBACK_JOB);
    await t.app.ctx.jobs.drain();
    await refreshSession(t.app, made.client, made.player.id);
    const listed = await made.client.get('cashbacks.get', { count: 10 });
    expect(listed.error).toBeNull();
    // Net loss 30.00 → 5 % = 1.50.
    expect(listed.data.items).toContainEqual(
      expect.objectContaining({
        description: { title: 'Daily cashback', text: '5% of your net losses back, up to $50.00.' },
        amount: 1.5,
        net_loss: 30,
        payout: 'real',
      }),
    );
  });
});
