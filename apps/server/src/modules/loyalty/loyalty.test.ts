/**
 * Loyalty end to end through the API: real rounds of our games earn points (slots 1 per $1, roulette 0.2), levels
 * and their §9 progress follow lifetime points, a level-up pays its reward and raises a notice (answered once),
 * quests progress from the same bets (wager on slots, three games, a deposit), a provider's rollback takes its
 * points back, and the shop spends points and grants the product once, with its refusals.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { depositedClient } from '../cashier/cashier-test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { walletService } from '../wallet/wallet-service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'loyalty' });
}, 180_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

type TClient = ReturnType<typeof apiClient>;
const SLOT = 'copperfox_cherry_flare';
const ROULETTE = 'velvet_table_european_roulette';
const DICE = 'sparkrush_dice_duel';

const spin = async (client: TClient, bet: string, sysname = SLOT) => {
  const r = await client.post('games.play', { sysname, mode: 'real', bet, params: '{}' });
  expect(r.error).toBeNull();
  return r.data;
};
const info = async (client: TClient) => {
  const r = await client.get('loyalty.getinfo');
  expect(r.error).toBeNull();
  return r.data;
};
const ledgerSum = async (playerId: number) => {
  const [row] = await queryRows<{ s: unknown; n: unknown }>(
    t.app.ctx.db,
    sql`select coalesce(sum(delta), 0) as s, count(*) as n from loyalty_point_entries where player_id = ${playerId}`,
  );
  return toBigInt(row?.s);
};
const quest = (program: any, sysname: string) => program.quests.find((q: any) => q.sysname === sysname);
/** The rewards claimed so far, as `level:<sysname>` and `quest:<sysname>` (read straight from the tables). */
const claimed = async (playerId: number) =>
  (
    await queryRows<{ name: string }>(
      t.app.ctx.db,
      sql`select c.kind || ':' || coalesce(l.sysname, q.sysname) as name from loyalty_claims c
            left join loyalty_levels l on c.kind = 'level' and l.id = c.ref_id
            left join loyalty_quests q on c.kind = 'quest' and q.id = c.ref_id
           where c.player_id = ${playerId} order by 1`,
    )
  ).map((r) => r.name);

describe('points and levels from real rounds', () => {
  it('earns 1 point per $1 on slots and 0.2 on roulette; a level-up pays its bonus and raises a notice once', async () => {
    const { client, player } = await depositedClient(t.app, '200.00');
    const fresh = await info(client);
    expect(fresh.points).toBe(0);
    expect(fresh.character).toBeNull();
    expect(fresh.pointsAlias).toBe('points');
    expect(fresh.levels.map((l: any) => [l.sysname, l.min_points, l.is_current])).toEqual([
      ['bronze', 0, true],
      ['silver', 50, false],
      ['gold', 250, false],
      ['platinum', 1000, false],
      ['diamond', 5000, false],
    ]);

    await spin(client, '10.00');
    await spin(client, '2.50');
    const r = await client.post('games.play', {
      sysname: ROULETTE,
      mode: 'real',
      params: JSON.stringify({ bets: [{ type: 'red', amount: '5.00' }] }),
    });
    expect(r.error).toBeNull();
    const after = await info(client);
    expect(after.points).toBe(13.5); // 10 + 2.5 + 5 × 0.2
    const bronze = after.levels[0];
    expect(bronze.progress).toEqual({ minValue: 0, maxValue: 50, expCount: 13.5, percent: 27 });
    expect(await ledgerSum(player.id)).toBe(1350n);

    const loyaltyBonuses = async () =>
      (await client.get('bonuses.get')).data.items
        .filter((b: any) => b.source === 'loyalty')
        .map((b: any) => b.amount);
    expect(await loyaltyBonuses()).toEqual([5]); // the deposit quest's, paid by the first getinfo
    await spin(client, '40.00');
    // The round's own after-commit hook paid the level its statement reported (no getinfo in between).
    expect(await claimed(player.id)).toEqual(['level:silver', 'quest:make-a-deposit']);
    const silver = await info(client);
    expect(silver.points).toBe(53.5);
    expect(silver.levels.find((l: any) => l.is_current).sysname).toBe('silver');
    expect(silver.levels[1].progress.percent).toBeCloseTo(((53.5 - 50) / (250 - 50)) * 100, 2);
    // Silver pays a $5 bonus through the bonus engine (it waits behind the quest's active one).
    expect(await loyaltyBonuses()).toEqual([5, 5]);

    const notes = await client.get('loyalty.getnotifications');
    expect(notes.error).toBeNull();
    const triggers = notes.data.items.map((n: any) => n.trigger).sort();
    expect(triggers).toEqual(['level_up', 'quest_completed']);
    const levelUp = notes.data.items.find((n: any) => n.trigger === 'level_up');
    expect(levelUp).toMatchObject({ type: 'credit', title: 'Level up!', amount: 5, amountType: 'money' });
    expect(levelUp.message).toContain('Silver');
    expect((await client.get('loyalty.getnotifications')).data.items).toEqual([]);
    // Calling again pays nothing twice.
    await info(client);
    expect(await loyaltyBonuses()).toEqual([5, 5]);
  });

  it('a demo round earns nothing; a rollback of a provider bet takes its points back', async () => {
    const { client, player } = await depositedClient(t.app, '100.00');
    const demo = await client.post('games.play', { sysname: SLOT, mode: 'demo', bet: '5.00', params: '{}' });
    expect(demo.error).toBeNull();
    expect((await info(client)).points).toBe(0);
    const session = (
      await walletService.openSession(t.app.ctx, {
        playerId: player.id,
        game: SLOT,
        mode: 'real',
        provider: 'acme',
      })
    ).token;
    await walletService.bet(t.app.ctx, { session, transactionId: 'tx1', roundId: 'r1', amount: 700n });
    expect((await info(client)).points).toBe(7);
    await walletService.rollback(t.app.ctx, { session, transactionId: 'rb1', referenceTransactionId: 'tx1' });
    await walletService.rollback(t.app.ctx, { session, transactionId: 'rb1', referenceTransactionId: 'tx1' });
    const after = await info(client);
    expect([after.points, after.lifetime_points]).toEqual([0, 0]);
    expect(await ledgerSum(player.id)).toBe(0n);
  });
});

describe('programs and quests', () => {
  it('lists programs to a visitor and counts a player’s quests from the bet stream', async () => {
    const visitor = apiClient(t.app);
    const programs = await visitor.get('loyalty.getPrograms');
    expect(programs.error).toBeNull();
    expect(programs.data.items.map((p: any) => [p.sysname, p.kind])).toEqual([
      ['vip', 'levels'],
      ['weekly-quests', 'quests'],
    ]);
    expect((await visitor.get('loyalty.getinfo')).error.type).toBe('AuthorizationException');
    const unknown = await visitor.get('loyalty.getProgram', { sysname: 'nope' });
    expect(unknown.error.invalid_parameters ?? unknown.error.error_data.invalid_parameters).toEqual({
      sysname: 'wrongField',
    });

    const { client, player } = await depositedClient(t.app, '300.00');
    await spin(client, '30.00');
    await spin(client, '1.00', 'copperfox_coral_cascade');
    const dice = await client.post('games.play', {
      sysname: DICE,
      mode: 'real',
      bet: '1.00',
      params: JSON.stringify({ target: 5000, over: true }),
    });
    expect(dice.error).toBeNull();
    // The third game's round reported the quest done and its hook paid it (25 points: silver, and the deposit
    // quest settled with them), before any loyalty read.
    expect(await claimed(player.id)).toEqual(['level:silver', 'quest:make-a-deposit', 'quest:three-games']);
    const season = (await client.get('loyalty.getProgram', { sysname: 'weekly-quests' })).data;
    expect(quest(season, 'wager-100-slots')).toMatchObject({
      target: 100,
      progress: 31,
      is_completed: false,
    });
    expect(quest(season, 'three-games')).toMatchObject({ target: 3, progress: 3, is_completed: true });
    expect(quest(season, 'make-a-deposit')).toMatchObject({ progress: 1, is_completed: true });
    expect(quest(season, 'wager-100-slots').start_date).toBe('2026-11-01T00:00:00.000Z');

    await spin(client, '50.00');
    await spin(client, '19.00');
    expect(await claimed(player.id)).toContain('quest:wager-100-slots');
    const done = (await client.get('loyalty.getProgram', { sysname: 'weekly-quests' })).data;
    expect(quest(done, 'wager-100-slots')).toMatchObject({ progress: 100, percent: 100, is_completed: true });
    // Three games (25 points) and the wager quest (50 points) pay points on top of the 100 earned.
    const points = (await info(client)).points;
    expect(points).toBeCloseTo(100 + 0.2 + 25 + 50, 2);
  });
});

describe('shop', () => {
  it('buys a product with points once and refuses what the player cannot afford or has bought to the limit', async () => {
    const { client, player } = await depositedClient(t.app, '100.00');
    const products = (await client.get('loyalty.getproducts')).data;
    expect(products.total).toBe(5);
    const cheap = products.items.find((p: any) => p.sysname === 'bonus-1');
    const cash = products.items.find((p: any) => p.sysname === 'cash-25');
    expect(cheap).toMatchObject({
      price: 20,
      limit: 5,
      bought: 0,
      stock: null,
      reward: { type: 'bonus', amount: 1 },
    });

    const poor = await client.post('loyalty.buyproduct', { id: cheap.id });
    expect(poor.error.error_data.invalid_parameters).toEqual({ id: 'notEnoughPoints' });

    await spin(client, '45.00');
    expect((await info(client)).points).toBe(45);
    const bought = await client.post('loyalty.buyproduct', { id: cheap.id });
    expect(bought.error).toBeNull();
    expect(bought.data.points).toBe(25);
    expect(bought.data.product.bought).toBe(1);
    const granted = (await client.get('bonuses.get')).data.items.filter((b: any) => b.source === 'loyalty');
    expect(granted.map((b: any) => b.amount)).toContain(1);
    expect((await info(client)).points).toBe(25);
    const refused = await client.post('loyalty.buyproduct', { id: cash.id });
    expect(refused.error.error_data.invalid_parameters).toEqual({ id: 'notEnoughPoints' });
    expect((await client.post('loyalty.buyproduct', { id: 'x' })).error.type).toBe(
      'InvalidParameterException',
    );
    expect(
      (await client.post('loyalty.buyproduct', { id: 99999 })).error.error_data.invalid_parameters,
    ).toEqual({
      id: 'wrongField',
    });
    const notes = (await client.get('loyalty.getnotifications')).data.items;
    expect(notes.map((n: any) => n.trigger)).toContain('product_bought');
  });

  it('buys a freespins pack: 20 spins on the slot, once per order', async () => {
    const { client } = await depositedClient(t.app, '200.00');
    const spins = (await client.get('loyalty.getproducts')).data.items.find(
      (p: any) => p.sysname === 'spins-20',
    );
    expect(spins).toMatchObject({
      type: 'freespins',
      price: 100,
      reward: { type: 'freespins', amount: 20, game: 'copperfox_cherry_flare' },
    });
    await spin(client, '50.00');
    await spin(client, '50.00');
    const bought = await client.post('loyalty.buyproduct', { id: spins.id });
    expect(bought.error).toBeNull();
    // The history names a bet's game as the hall does.
    const history = (await client.get('loyalty.gethistory')).data.items;
    expect(history.map((h: any) => [h.kind, h.label])).toEqual([
      ['purchase', '20 free spins'],
      ['reward', 'Spin the reels'],
      ['bet', 'Cherry Flare'],
      ['bet', 'Cherry Flare'],
    ]);
    expect((await client.get('freespins.get')).data.items).toMatchObject([
      { game: { sysname: 'copperfox_cherry_flare' }, remaining_count: 20 },
    ]);
    expect((await client.get('games.getFreespinsPacks')).data).toEqual([
      expect.objectContaining({ sysname: 'copperfox_cherry_flare', remaining_count: 20, bet: 0.2 }),
    ]);
  });
});

describe('characters', () => {
  it('lists at least eight characters and sets one', async () => {
    const { client } = await signedInClient(t.app);
    const list = (await client.get('loyalty.getcharacters', { limit: 4 })).data;
    expect(list.total).toBeGreaterThanOrEqual(8);
    expect(list.items).toHaveLength(4);
    const chosen = list.items[1];
    const set = await client.post('loyalty.setcharacter', { id: chosen.id });
    expect(set.error).toBeNull();
    expect((await info(client)).character).toEqual(chosen);
    expect(
      (await client.post('loyalty.setcharacter', { id: 424242 })).error.error_data.invalid_parameters,
    ).toEqual({
      id: 'wrongField',
    });
  });

  it('answers an id past the integer column (2147483648) as wrongField on id, for a product and a character', async () => {
    const { client } = await signedInClient(t.app);
    for (const call of ['loyalty.buyproduct', 'loyalty.setcharacter'])
      for (const id of ['2147483648', '-1', '1e20', '9'.repeat(30)])
        expect(await client.post(call, { id }), `${call} ${id}`).toMatchObject({
          status: 400,
          error: {
            type: 'InvalidParameterException',
            error_data: { invalid_parameters: { id: 'wrongField' } },
          },
        });
  });

  it('takes the character picked at registration', async () => {
    const { client } = await signedInClient(t.app, { characterId: 'owl' });
    expect((await info(client)).character?.sysname).toBe('owl');
  });
});
