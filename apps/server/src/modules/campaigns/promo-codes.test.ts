/**
 * Promo codes: the seed code DEMO10 exactly as issue 12 pins it ($10 casino bonus, 10x, slot 100 % / other kinds
 * 10 %, max bet $5, 7 days, once per player, any player); checkPromocode for visitors and players with each refusal
 * code; activateOffer granting through the bonus engine; the code a registration form carried; limits under the
 * code's lock; no activation for a player in a time-out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { refreshSession } from '../cashier/cashier-test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

const refusal = (code: string) => ({
  type: 'InvalidParameterException',
  error_data: { invalid_parameters: { promo_code: code } },
});

/** A code of the test's own, straight into the table (the back-office makes them the same way). */
const makeCode = async (code: string, columns: Record<string, unknown> = {}) => {
  const values = {
    template_id: 2,
    bonus_amount: 500,
    per_player_limit: 1,
    ...columns,
  };
  const keys = Object.keys(values);
  await t.app.ctx.db.execute(
    sql`insert into promo_codes (code, ${sql.raw(keys.join(', '))})
        values (${code}, ${sql.join(
          Object.values(values).map((v) =>
            typeof v === 'object' && v !== null ? sql`${JSON.stringify(v)}::jsonb` : sql`${v}`,
          ),
          sql`, `,
        )})`,
  );
};

describe('DEMO10', () => {
  it('is valid for a visitor and answers what it gives', async () => {
    const visitor = apiClient(t.app);
    const r = await visitor.post('campaigns.checkPromocode', { promo_code: ' demo10 ' });
    expect(r.error).toBeNull();
    expect(r.data).toEqual({
      promo_code: 'DEMO10',
      bonus: {
        type: 'casino',
        amount: 10,
        wager_multiplier: 10,
        max_bet: 5,
        valid_days: 7,
        title: 'Promo code bonus',
        text: 'A $10.00 casino bonus: wager it 10x within 7 days, stakes up to $5.00.',
      },
      freespins: null,
    });
  });

  it('grants a $10 casino bonus, 10x ($100), slot 100 % / other 10 %, max bet $5, 7 days, once per player', async () => {
    const { client, player } = await signedInClient(t.app);
    const r = await client.post('campaigns.activateOffer', { promo_code: 'DEMO10' });
    expect(r.error).toBeNull();
    expect(r.data.bonus_item).toMatchObject({
      type: 'casino',
      status: 'active',
      amount: 10,
      balance: 10,
      wager_requirement: 100,
      wagered: 0,
      max_bet: 5,
      max_conversion: null,
      source: 'promo_code',
      expires_at: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
      contributions: { kinds: { slot: 100, live: 10, casino: 10, fast: 10, logical: 10, high_low: 10 } },
    });
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(1_000n);
    // Once per player: a second activation and a player's check both answer USED.
    expect((await client.post('campaigns.activateOffer', { promo_code: 'demo10' })).error).toEqual(
      refusal('USED'),
    );
    expect((await client.post('campaigns.checkPromocode', { promo_code: 'DEMO10' })).error).toEqual(
      refusal('USED'),
    );
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(1_000n);
  });

  it('is activated from the registration form once the player exists', async () => {
    const visitor = apiClient(t.app);
    const email = `promo${Date.now()}@example.com`;
    const r = await visitor.post('auth.register', {
      terms: '1',
      email,
      password: 'secret-123',
      promo_code: 'DEMO10',
    });
    expect(r.error).toBeNull();
    const bonuses = await visitor.get('bonuses.get');
    expect(bonuses.data.items).toMatchObject([{ status: 'active', amount: 10, source: 'promo_code' }]);
  });
});

describe('refusals', () => {
  it('answers INVALID, EXPIRED, LIMIT, NOT_ELIGIBLE with the code on promo_code', async () => {
    const visitor = apiClient(t.app);
    const check = async (code: string, client = visitor) =>
      (await client.post('campaigns.checkPromocode', { promo_code: code })).error;
    const now = t.clock.now().getTime();
    await makeCode('OLDCODE', { ends_at: new Date(now - 1000).toISOString() });
    await makeCode('SOONCODE', { starts_at: new Date(now + 3_600_000).toISOString() });
    await makeCode('OFFCODE', { is_active: false });
    await makeCode('ONEUSE', { max_uses: 1 });
    await makeCode('VETERANS', { min_deposits: 1 });
    await makeCode('ONLYDE', { countries: ['DE'] });
    await makeCode('NEWONLY', { new_player_days: 1 });
    expect(await check('')).toEqual(refusal('INVALID'));
    expect(await check('NOPE')).toEqual(refusal('INVALID'));
    expect(await check('OFFCODE')).toEqual(refusal('INVALID'));
    expect(await check('OLDCODE')).toEqual(refusal('EXPIRED'));
    expect(await check('SOONCODE')).toEqual(refusal('EXPIRED'));
    // A visitor cannot be judged on eligibility yet: the code is valid for them.
    expect(await check('VETERANS')).toBeNull();
    const { client } = await signedInClient(t.app, { countryCode: 'FR' });
    expect(await check('VETERANS', client)).toEqual(refusal('NOT_ELIGIBLE'));
    expect(await check('ONLYDE', client)).toEqual(refusal('NOT_ELIGIBLE'));
    expect(await check('NEWONLY', client)).toBeNull();
    const veteran = await signedInClient(t.app, { createdAt: new Date(now - 2 * 86_400_000) });
    expect(await check('NEWONLY', veteran.client)).toEqual(refusal('NOT_ELIGIBLE'));
    // The last use goes to the first; then the code is used up for everybody.
    const first = await signedInClient(t.app);
    expect((await first.client.post('campaigns.activateOffer', { promo_code: 'ONEUSE' })).error).toBeNull();
    expect(await check('ONEUSE')).toEqual(refusal('LIMIT'));
    expect((await client.post('campaigns.activateOffer', { promo_code: 'ONEUSE' })).error).toEqual(
      refusal('LIMIT'),
    );
  });

  it('gives a second bonus as available while one is active, and nothing to a player in a time-out', async () => {
    const { client, player } = await signedInClient(t.app);
    await makeCode('SECOND5', { bonus_amount: 500 });
    expect((await client.post('campaigns.activateOffer', { promo_code: 'DEMO10' })).error).toBeNull();
    const second = await client.post('campaigns.activateOffer', { promo_code: 'SECOND5' });
    expect(second.data.bonus_item).toMatchObject({ status: 'available', amount: 5, balance: 5 });
    expect((await getBalances(t.app.ctx.db, player.id)).bonus).toBe(1_000n);

    const other = await signedInClient(t.app);
    await t.app.ctx.db.execute(
      sql`insert into rg_exclusions (player_id, type, period, starts_at, ends_at, created_at)
          values (${other.player.id}, 'time_out', '1', ${t.clock.now()}, ${new Date(t.clock.now().getTime() + 86_400_000)}, ${t.clock.now()})`,
    );
    const refused = await other.client.post('campaigns.activateOffer', { promo_code: 'DEMO10' });
    expect(refused.error?.type).toBe('AccessDeniedException');
    const [uses] = await queryRows<{ n: unknown }>(
      t.app.ctx.db,
      sql`select count(*)::int as n from promo_code_uses where player_id = ${other.player.id}`,
    );
    expect(Number(uses?.n)).toBe(0);
  });
});

describe('a freespins code', () => {
  it('gives a pack that freespins.get lists; its winnings become a bonus; an unplayed pack lapses', async () => {
    const { client, player } = await signedInClient(t.app);
    await makeCode('SPINS10', {
      template_id: null,
      bonus_amount: null,
      freespins: { sysname: 'copperfox_cherry_flare', count: 10, bet: 20 },
    });
    const checked = await client.post('campaigns.checkPromocode', { promo_code: 'SPINS10' });
    expect(checked.data).toMatchObject({
      bonus: null,
      freespins: { game: { sysname: 'copperfox_cherry_flare' }, count: 10, bet: 0.2 },
    });
    expect((await client.post('campaigns.activateOffer', { promo_code: 'SPINS10' })).error).toBeNull();
    const listed = await client.get('freespins.get', { status: 'active', count: 99 });
    expect(listed.data).toEqual({
      count: 1,
      items: [
        {
          id: expect.any(Number),
          status: 'active',
          game: { sysname: 'copperfox_cherry_flare', name: 'Cherry Flare' },
          remaining_count: 10,
          count: 10,
          bet: 0.2,
          expires_at: new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString(),
          created_at: t.clock.now().toISOString(),
        },
      ],
    });
    const spun = await client.post('games.play', {
      sysname: 'copperfox_cherry_flare',
      mode: 'real',
      params: JSON.stringify({ freespins: true }),
    });
    expect(spun.error).toBeNull();
    const balances = await getBalances(t.app.ctx.db, player.id);
    expect(balances.main).toBe(0n);
    expect(balances.bonus).toBe(BigInt(Math.round(spun.data.win * 100)));
    expect((await client.get('freespins.get', { status: 'active' })).data.count).toBe(0);
    expect((await client.get('freespins.get')).data.items).toMatchObject([
      { status: 'used', remaining_count: 0 },
    ]);

    // A second pack, never played, lapses after its 7 days.
    const other = await signedInClient(t.app);
    expect((await other.client.post('campaigns.activateOffer', { promo_code: 'SPINS10' })).error).toBeNull();
    const start = t.clock.now();
    try {
      t.clock.advance(7 * 86_400_000 + 1);
      await refreshSession(t.app, other.client, other.player.id);
      expect((await other.client.get('freespins.get', { status: 'active' })).data.count).toBe(0);
      const played = await other.client.post('games.play', {
        sysname: 'copperfox_cherry_flare',
        mode: 'real',
        params: JSON.stringify({ freespins: true }),
      });
      expect(played.error?.error_data.reason).toBe('no_freespins');
    } finally {
      t.clock.set(start);
    }
  });
});

describe('campaigns.takepromotions', () => {
  it('gives a claim offer once: its freespins pack; a deposit offer is not taken this way', async () => {
    const { client } = await signedInClient(t.app);
    const promotions = await apiClient(t.app).get('campaigns.getpromotions');
    expect(promotions.data.items.find((p: { id: string }) => p.id === 'offer-4')).toMatchObject({
      kind: 'claim_offer',
      title: 'Free spins on Cherry Flare',
      text: 'Take 20 free spins on Cherry Flare, no deposit needed. What they win is a bonus to wager.',
      action: { type: 'take', offer_id: 4, promo_code: null },
      freespins: { game: { sysname: 'copperfox_cherry_flare' }, count: 20, bet: 0.1 },
      bonus: { wager_multiplier: 10, max_bet: 5, valid_days: 7 },
    });
    const taken = await client.post('campaigns.takepromotions', { offer_id: 4 });
    expect(taken.error).toBeNull();
    expect(taken.data).toEqual({
      offer_id: 4,
      bonus_item: null,
      freespins: { game: { sysname: 'copperfox_cherry_flare' }, count: 20, bet: 0.1 },
    });
    expect((await client.get('freespins.get', { status: 'active' })).data.items).toMatchObject([
      { game: { sysname: 'copperfox_cherry_flare' }, remaining_count: 20 },
    ]);
    expect((await client.post('campaigns.takepromotions', { offer_id: 4 })).error.error_data).toEqual({
      invalid_parameters: { offer_id: 'offerTaken' },
    });
    expect((await client.post('campaigns.takepromotions', { offer_id: 1 })).error.error_data).toEqual({
      invalid_parameters: { offer_id: 'wrongField' },
    });
    expect((await client.get('freespins.get')).data.count).toBe(1);
  });
});
