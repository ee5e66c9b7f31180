import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeOperator, signInOperator } from '../backoffice/backoffice-test-helpers.ts';
import { payByCard } from '../cashier/cashier-test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookBody,
  signSandboxWebhook,
} from '../payments/sandbox-provider.ts';
import { readOffersContent } from './content.ts';
import { campaignOffers } from './schema.ts';
import { seedOffers } from './seed-offers.ts';

const WELCOME = 1;
const RELOAD = 2;
const HIGH_ROLLER = 3;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

type TClient = ReturnType<typeof apiClient>;
const ids = (items: { id: number }[]) => items.map((o) => o.id);
const satisfied = (items: { id: number; trigger: { user_satisfies_params: boolean } }[]) =>
  Object.fromEntries(items.map((o) => [o.id, o.trigger.user_satisfies_params]));

const balances = (playerId: number) => getBalances(t.app.ctx.db, playerId);
const bonusesOf = (playerId: number) =>
  queryRows<{
    offer_id: unknown;
    deposit_id: string;
    amount: unknown;
    wager_requirement: unknown;
    status: string;
  }>(
    t.app.ctx.db,
    sql`select offer_id, deposit_id, amount, wager_requirement, status from player_bonuses
        where player_id = ${playerId} order by id`,
  );

/** Starts a deposit and answers its transaction id and hosted page URL (throws on a refusal). */
const startDeposit = async (client: TClient, form: Record<string, string | number>) => {
  const r = await client.post('cashier.makedeposit', { method: 'card', ...form });
  if (r.error) throw new Error(`deposit refused: ${JSON.stringify(r.error)}`);
  return r.data as { transaction_id: string; redirect_url: string };
};

const webhook = (app: FastifyInstance, transactionId: string, amount: bigint) => {
  const body = sandboxWebhookBody('x', { transactionId, status: 'paid', amount, currency: 'USD' });
  return app.inject({
    method: 'POST',
    url: '/payments/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(app.ctx.config, body),
    },
    payload: body,
  });
};

describe('campaigns.getoffers', () => {
  it('shows a visitor every live deposit offer as satisfied, in priority order, in the spec shape', async () => {
    const visitor = apiClient(t.app);
    const r = await visitor.get('campaigns.getoffers', {
      offset: 0,
      fields: 'trigger,description,promotions',
    });
    expect(r.error).toBeNull();
    expect(r.data.count).toBe(3);
    expect(ids(r.data.items)).toEqual([WELCOME, RELOAD, HIGH_ROLLER]);
    expect(satisfied(r.data.items)).toEqual({ 1: true, 2: true, 3: true });
    expect(r.data.items[0]).toEqual({
      id: WELCOME,
      trigger: {
        action: 'deposit',
        user_satisfies_params: true,
        params: { exclude_methods: ['ewallet'], min_amount: 20 },
      },
      description: {
        title: 'Welcome bonus',
        text: 'We add 100% on top of your first deposit, up to $200.00.',
        image: '/_ipx/f_webp,q_95,s_96x96/campaigns/art/welcome.svg',
      },
      promotions: [{ type: 'bonus', percent: 100, max_amount: 200, wager: 10 }],
    });
  });

  it('answers the words of the locale, only the fields asked for, and pages from the offset', async () => {
    const visitor = apiClient(t.app);
    const es = await t.app.inject('/api/campaigns.getoffers?v=1&locale=es&offset=0');
    expect(es.json().data.items[1].description.title).toBe('Bono de recarga');
    // A locale without its own words falls back to en.
    const xx = await t.app.inject('/api/campaigns.getoffers?v=1&locale=xx');
    expect(xx.json().data.items[1].description.title).toBe('Reload bonus');
    const some = await visitor.get('campaigns.getoffers', { fields: 'promotions', offset: 1, count: 1 });
    expect(some.data).toEqual({
      count: 3,
      items: [{ id: RELOAD, promotions: [{ type: 'bonus', percent: 50, max_amount: 100, wager: 10 }] }],
    });
    expect((await visitor.get('campaigns.getoffers', { offset: -1 })).error.error_data).toEqual({
      invalid_parameters: { offset: 'wrongField' },
    });
  });

  it('tells a player which offers their state satisfies: first deposit, then reload', async () => {
    const { client, player } = await signedInClient(t.app);
    const before = await client.get('campaigns.getoffers', { offset: 0 });
    expect(satisfied(before.data.items)).toEqual({ 1: true, 2: false, 3: true });
    await payByCard(t.app, (await startDeposit(client, { amount: '30' })).redirect_url);
    expect((await balances(player.id)).main).toBe(3_000n);
    const after = await client.get('campaigns.getoffers', { offset: 0 });
    expect(satisfied(after.data.items)).toEqual({ 1: false, 2: true, 3: true });
  });

  it('honours the active flag and the window by the app clock', async () => {
    const now = t.clock.now().getTime();
    await t.app.ctx.db.insert(campaignOffers).values({
      id: 90,
      sysname: 'window_test',
      action: 'deposit',
      condition: 'any',
      minAmount: 0n,
      description: { image: null, texts: { en: { title: 'Window', text: '' } } },
      promotions: [{ type: 'bonus', percent: 10, max_amount: 1_000, wager: 1 }],
      priority: 90,
      startsAt: new Date(now + 3600_000),
      endsAt: new Date(now + 7200_000),
      sourceHash: 'test',
      editedAt: new Date(now),
    });
    const visitor = apiClient(t.app);
    const live = async () => ids((await visitor.get('campaigns.getoffers')).data.items);
    try {
      expect(await live()).not.toContain(90);
      t.clock.advance(3600_000);
      expect(await live()).toContain(90);
      await t.app.ctx.db.execute(sql`update campaign_offers set is_active = false where id = 90`);
      expect(await live()).not.toContain(90);
      await t.app.ctx.db.execute(sql`update campaign_offers set is_active = true where id = 90`);
      t.clock.advance(3600_000);
      expect(await live()).not.toContain(90);
    } finally {
      t.clock.set(new Date(now));
      await t.app.ctx.db.execute(sql`update campaign_offers set is_active = false where id = 90`);
    }
  });
});

describe('makedeposit with an offer', () => {
  it('refuses an unknown, ineligible, excluded or too small offer with a code on campaign_offer_id', async () => {
    const { client, player } = await signedInClient(t.app);
    const refusal = async (form: Record<string, string | number>) =>
      (await client.post('cashier.makedeposit', { method: 'card', amount: '50', ...form })).error;
    expect((await refusal({ campaign_offer_id: 999 })).error_data).toEqual({
      invalid_parameters: { campaign_offer_id: 'wrongField' },
    });
    expect((await refusal({ campaign_offer_id: 0 })).error_data).toEqual({
      invalid_parameters: { campaign_offer_id: 'wrongField' },
    });
    expect((await refusal({ campaign_offer_id: 'x' })).error_data).toEqual({
      invalid_parameters: { campaign_offer_id: 'wrongField' },
    });
    expect((await refusal({ campaign_offer_id: RELOAD })).error_data).toEqual({
      invalid_parameters: { campaign_offer_id: 'offerNotEligible' },
    });
    expect((await refusal({ method: 'ewallet', campaign_offer_id: WELCOME })).error_data).toEqual({
      invalid_parameters: { campaign_offer_id: 'offerMethodExcluded' },
    });
    const small = await refusal({ amount: '19.99', campaign_offer_id: WELCOME });
    expect(small).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { campaign_offer_id: 'offerMinAmount' }, offer_min_amount: 20 },
    });
    // Nothing was recorded for the refused attempts.
    const [row] = await queryRows<{ n: unknown }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from cashier_transactions where player_id = ${player.id}`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it('stores the offer on the deposit and, once paid, credits the bonus from house:bonuses', async () => {
    const { client, player } = await signedInClient(t.app);
    const deposit = await startDeposit(client, { amount: '50', campaign_offer_id: WELCOME });
    const [stored] = await queryRows<{ campaign_offer_id: unknown }>(
      t.app.ctx.db,
      sql`select campaign_offer_id from cashier_transactions where id = ${deposit.transaction_id}`,
    );
    expect(Number(stored?.campaign_offer_id)).toBe(WELCOME);
    expect(await payByCard(t.app, deposit.redirect_url)).toBe(
      `/cashier/paysuccess/${deposit.transaction_id}`,
    );
    expect(await balances(player.id)).toMatchObject({ main: 5_000n, bonus: 5_000n });
    expect(await bonusesOf(player.id)).toEqual([
      {
        offer_id: expect.anything(),
        deposit_id: deposit.transaction_id,
        amount: expect.anything(),
        wager_requirement: expect.anything(),
        status: 'active',
      },
    ]);
    const [bonus] = await bonusesOf(player.id);
    expect([Number(bonus?.offer_id), toBigInt(bonus?.amount), toBigInt(bonus?.wager_requirement)]).toEqual([
      WELCOME,
      5_000n,
      50_000n,
    ]);
    const entries = await queryRows<{ code: string; amount: unknown; kind: string }>(
      t.app.ctx.db,
      sql`select a.code, e.amount, t.kind from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
          join player_bonuses b on t.idempotency_key = 'bonus:' || b.id || ':grant'
          where b.deposit_id = ${deposit.transaction_id} order by a.code`,
    );
    expect(entries.map((e) => [e.code, toBigInt(e.amount), e.kind])).toEqual([
      ['house:bonuses', -5_000n, 'bonus.grant'],
      [`player:${player.id}:bonus`, 5_000n, 'bonus.grant'],
    ]);
    const info = await client.get('account.getBalance');
    expect(info.data.bonus_balance).toEqual({ amount: 50, currency: 'USD' });
    expect(info.data.total_balance).toEqual({ amount: 100, currency: 'USD' });

    // The back-office player view shows the bonus balance and the grant among the ledger entries.
    const admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
    const page = await admin.get(`/admin/players/${player.id}`);
    expect(page.body).toMatch(/<dt>Bonus<\/dt><dd>\$50\.00<\/dd>/);
    expect(page.body).toContain('Bonus credited');
    expect(page.body).toContain(deposit.transaction_id);
  });

  it('caps the bonus at the offer maximum; a reload bonus on a later deposit waits while the first is active', async () => {
    const { client, player } = await signedInClient(t.app);
    await payByCard(
      t.app,
      (await startDeposit(client, { amount: '300', campaign_offer_id: WELCOME })).redirect_url,
    );
    expect(await balances(player.id)).toMatchObject({ main: 30_000n, bonus: 20_000n });
    await payByCard(
      t.app,
      (await startDeposit(client, { amount: '90', campaign_offer_id: RELOAD })).redirect_url,
    );
    // One active casino bonus at a time: the reload bonus is granted as available, its money not yet credited.
    expect(await balances(player.id)).toMatchObject({ main: 39_000n, bonus: 20_000n });
    expect(
      (await bonusesOf(player.id)).map((b) => [Number(b.offer_id), toBigInt(b.amount), b.status]),
    ).toEqual([
      [WELCOME, 20_000n, 'active'],
      [RELOAD, 4_500n, 'available'],
    ]);
  });

  it('credits the bonus once however often the paid webhook comes, at once or later', async () => {
    const { client, player } = await signedInClient(t.app);
    const deposit = await startDeposit(client, { amount: '40', campaign_offer_id: WELCOME });
    const replies = await Promise.all([1, 2, 3].map(() => webhook(t.app, deposit.transaction_id, 4_000n)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await webhook(t.app, deposit.transaction_id, 4_000n)).statusCode).toBe(200);
    expect(await balances(player.id)).toMatchObject({ main: 4_000n, bonus: 4_000n });
    expect(await bonusesOf(player.id)).toHaveLength(1);
  });

  it('checks again when paid: of two first-deposit offers started together only the first paid gets it', async () => {
    const { client, player } = await signedInClient(t.app);
    const first = await startDeposit(client, { amount: '20', campaign_offer_id: WELCOME });
    const second = await startDeposit(client, { amount: '30', campaign_offer_id: WELCOME });
    await webhook(t.app, second.transaction_id, 3_000n);
    await webhook(t.app, first.transaction_id, 2_000n);
    // Both deposits are paid; the bonus went with the one paid first.
    expect(await balances(player.id)).toMatchObject({ main: 5_000n, bonus: 3_000n });
    expect((await bonusesOf(player.id)).map((b) => b.deposit_id)).toEqual([second.transaction_id]);
  });

  it('pays no bonus when the operator switched the offer off before the payment; keeps it past the window', async () => {
    const { client, player } = await signedInClient(t.app);
    const now = t.clock.now();
    await t.app.ctx.db.insert(campaignOffers).values({
      id: 91,
      sysname: 'short_window',
      action: 'deposit',
      condition: 'any',
      description: { image: null, texts: { en: { title: 'Short', text: '' } } },
      promotions: [{ type: 'bonus', percent: 10, max_amount: 100_000, wager: 5 }],
      startsAt: new Date(now.getTime() - 1000),
      endsAt: new Date(now.getTime() + 60_000),
      sourceHash: 'test',
      editedAt: now,
    });
    const taken = await startDeposit(client, { amount: '100', campaign_offer_id: 91 });
    try {
      // The window closes before the payment arrives: the offer was taken inside it, so the bonus is paid.
      t.clock.advance(120_000);
      await webhook(t.app, taken.transaction_id, 10_000n);
      expect(await balances(player.id)).toMatchObject({ main: 10_000n, bonus: 1_000n });
      const next = await startDeposit(client, { amount: '100', campaign_offer_id: RELOAD });
      await t.app.ctx.db.execute(sql`update campaign_offers set is_active = false where id = ${RELOAD}`);
      await webhook(t.app, next.transaction_id, 10_000n);
      expect(await balances(player.id)).toMatchObject({ main: 20_000n, bonus: 1_000n });
    } finally {
      await t.app.ctx.db.execute(sql`update campaign_offers set is_active = true where id = ${RELOAD}`);
      await t.app.ctx.db.execute(sql`update campaign_offers set is_active = false where id = 91`);
      t.clock.set(now);
    }
  });
});

describe('the offers seed', () => {
  it('is idempotent, follows an unedited offer and leaves an edited one alone', async () => {
    const content = readOffersContent(t.app.ctx.contentDir);
    await seedOffers(t.app.ctx.db, content);
    const count = async () =>
      Number(
        (
          await queryRows<{ n: unknown }>(t.app.ctx.db, sql`select count(*)::int as n from campaign_offers`)
        )[0]?.n,
      );
    const before = await count();
    await seedOffers(t.app.ctx.db, content);
    expect(await count()).toBe(before);
    const changed = content.map((o) => ({ ...o, priority: o.priority + 1 }));
    await t.app.ctx.db.execute(
      sql`update campaign_offers set priority = 77, edited_at = now() where id = ${HIGH_ROLLER}`,
    );
    await seedOffers(t.app.ctx.db, changed);
    const rows = await queryRows<{ id: unknown; priority: number }>(
      t.app.ctx.db,
      sql`select id, priority from campaign_offers where id in (1, 2, 3) order by id`,
    );
    expect(rows.map((r) => [Number(r.id), r.priority])).toEqual([
      [1, 11],
      [2, 21],
      [3, 77],
    ]);
    await seedOffers(t.app.ctx.db, content);
  });

  it('refuses content with an unknown payment method or a missing en text', () => {
    const dir = mkdtempSync(join(tmpdir(), 'offers-'));
    mkdirSync(join(dir, 'campaigns'));
    const [welcome] = JSON.parse(readFileSync(join(t.app.ctx.contentDir, 'campaigns/offers.json'), 'utf8'));
    const bad = {
      ...welcome,
      exclude_methods: ['crypto'],
      description: { image: null, texts: { es: { title: 'Hola', text: '' } } },
    };
    writeFileSync(join(dir, 'campaigns/offers.json'), JSON.stringify([bad]));
    try {
      expect(() => readOffersContent(dir)).toThrow(/exclude_methods\.0[\s\S]*description\.texts/);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
