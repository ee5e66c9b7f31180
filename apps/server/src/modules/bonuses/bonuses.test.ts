/**
 * The bonus engine end to end on the real app: grants from templates, one active casino bonus at a time, the
 * spending order (real money first, then bonus; bonus first under isolation), wins in the proportion of their
 * round's stakes, the max bet, conversion on completion (capped, the excess to the house), pause, removal,
 * expiry on the jobs queue, late wins of an ended bonus, and the withdrawal's burn_bonuses consent. Every movement
 * is checked on the ledger; the audit is clean at the end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { confirmContacts } from '../cashier/cashier-test-helpers.ts';
import { approveWithdrawal } from '../cashier/review-withdrawal.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { activateBonus, deactivateBonus, endBonus, grantBonus } from './engine.ts';
import { EXPIRE_JOB } from './module.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => {
  expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  await t.close();
});

const SLOT = 'copperfox_cherry_flare';
const FAST = 'sparkrush_dice_duel';
const now = () => t.clock.now();
let seq = 0;
const id = (prefix: string) => `${prefix}${++seq}`;

const balances = async (playerId: number) => {
  const b = await getBalances(t.app.ctx.db, playerId);
  return { main: b.main, bonus: b.bonus };
};

const bonusRow = async (bonusId: number) => {
  const [row] = await queryRows<Record<string, unknown>>(
    t.app.ctx.db,
    sql`select status, wagered, stash, converted, lost, finish_reason from player_bonuses where id = ${bonusId}`,
  );
  return {
    status: row?.status,
    wagered: toBigInt(row?.wagered),
    stash: toBigInt(row?.stash),
    converted: toBigInt(row?.converted),
    lost: toBigInt(row?.lost),
    reason: row?.finish_reason ?? null,
  };
};

/** A signed-in player with `main` cents of real money and a DEMO10-like grant (10.00, 10x, max bet 5.00). */
const playerWithBonus = async (main: bigint, template = 'demo10') => {
  const made = await fundedClient(t.app, main);
  const granted = await grantBonus(t.app.ctx.db, {
    playerId: made.player.id,
    template,
    source: 'operator',
    sourceRef: 'test',
    grantKey: `test:${made.player.id}:${template}`,
    now: now(),
  });
  const session = async (game: string) =>
    (
      await walletService.openSession(t.app.ctx, {
        playerId: made.player.id,
        game,
        mode: 'real',
        provider: 'acme',
      })
    ).token;
  return { ...made, bonusId: granted.bonusId, granted, slot: await session(SLOT), fast: await session(FAST) };
};

const bet = (session: string, amount: bigint, round = id('r')) =>
  walletService.bet(t.app.ctx, { session, transactionId: id('b'), roundId: round, amount });
const win = (session: string, round: string, amount: bigint) =>
  walletService.win(t.app.ctx, { session, transactionId: id('w'), roundId: round, amount });

const setIsolation = (on: boolean) =>
  t.app.ctx.db.execute(
    sql`update site_settings set value = jsonb_set(value, '{is_bonus_isolation_enabled}', ${on ? 'true' : 'false'}::jsonb)
        where key = 'general-info'`,
  );

describe('granting', () => {
  it('grants a template bonus once: active at once, credited from house:bonuses, and listed by bonuses.get', async () => {
    const { player, client, bonusId, granted } = await playerWithBonus(0n);
    expect(granted).toMatchObject({ status: 'active', created: true });
    const again = await grantBonus(t.app.ctx.db, {
      playerId: player.id,
      template: 'demo10',
      source: 'operator',
      sourceRef: 'test',
      grantKey: `test:${player.id}:demo10`,
      now: now(),
    });
    expect(again).toEqual({ bonusId, status: 'active', created: false });
    expect(await balances(player.id)).toEqual({ main: 0n, bonus: 1_000n });
    const entries = await queryRows<{ code: string; amount: unknown; kind: string }>(
      t.app.ctx.db,
      sql`select a.code, e.amount, t.kind from ledger_transactions t
          join ledger_entries e on e.transaction_id = t.id join ledger_accounts a on a.id = e.account_id
          where t.reference = ${`bonus:${bonusId}`} order by a.code`,
    );
    expect(entries.map((e) => [e.code, toBigInt(e.amount), e.kind])).toEqual([
      ['house:bonuses', -1_000n, 'bonus.grant'],
      [`player:${player.id}:bonus`, 1_000n, 'bonus.grant'],
    ]);
    const listed = await client.get('bonuses.get');
    expect(listed.error).toBeNull();
    expect(listed.data).toEqual({
      count: 1,
      items: [
        {
          id: bonusId,
          type: 'casino',
          status: 'active',
          amount: 10,
          balance: 10,
          wager_requirement: 100,
          wagered: 0,
          wager_multiplier: 10,
          max_bet: 5,
          max_conversion: null,
          min_odds: null,
          is_free_bet: false,
          expires_at: new Date(now().getTime() + 7 * 86_400_000).toISOString(),
          contributions: {
            kinds: { slot: 100, live: 10, casino: 10, fast: 10, logical: 10, high_low: 10 },
            games: {},
          },
          description: {
            title: 'Promo code bonus',
            text: 'A $10.00 casino bonus: wager it 10x within 7 days, stakes up to $5.00.',
          },
          source: 'operator',
          created_at: now().toISOString(),
          activated_at: now().toISOString(),
          finished_at: null,
          converted: 0,
          lost: 0,
          queue_position: 1,
          queued_after: null,
          withdrawal_hold: null,
        },
      ],
    });
    expect((await client.get('BettingBonuses.get')).data).toEqual({ count: 0, items: [] });
    const es = await t.app.inject({
      url: '/api/bonuses.get?v=1&locale=es',
      headers: { cookie: `sid=${client.jar.get('sid')}` },
    });
    expect(es.json().data.items[0].description.title).toBe('Bono de código promocional');
    expect((await client.get('bonuses.get', { statuses: 'completed,expired' })).data.count).toBe(0);
    expect((await client.get('bonuses.get', { statuses: 'nonsense' })).error.error_data).toEqual({
      invalid_parameters: { statuses: 'wrongField' },
    });
  });

  it('keeps one active casino bonus: a second waits as available; activating it pauses the first', async () => {
    const { player, client, bonusId } = await playerWithBonus(0n);
    const second = await grantBonus(t.app.ctx.db, {
      playerId: player.id,
      template: 'operator_gift',
      amount: 2_500n,
      source: 'operator',
      sourceRef: 'goodwill',
      grantKey: `test:${player.id}:gift`,
      now: now(),
    });
    expect(second.status).toBe('available');
    expect(await balances(player.id)).toEqual({ main: 0n, bonus: 1_000n });
    const activated = await client.post('bonuses.activate', { bonus_id: second.bonusId });
    expect(activated.error).toBeNull();
    expect(activated.data).toMatchObject({ id: second.bonusId, status: 'active', balance: 25 });
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'available', stash: 1_000n });
    expect(await balances(player.id)).toEqual({ main: 0n, bonus: 2_500n });
    // Deactivate: the gift's money waits with it; activate the first again: its 10.00 comes back.
    expect((await client.post('bonuses.deactivate', { bonus_id: second.bonusId })).data).toMatchObject({
      status: 'available',
      balance: 25,
    });
    expect(await balances(player.id)).toEqual({ main: 0n, bonus: 0n });
    expect((await client.post('bonuses.activate', { bonus_id: bonusId })).data.balance).toBe(10);
    const items = (await client.get('bonuses.get')).data.items;
    expect(items.map((b: { id: number; status: string }) => [b.id, b.status])).toEqual([
      [bonusId, 'active'],
      [second.bonusId, 'available'],
    ]);
    // Refusals name the field: not available, not active, another player's bonus.
    expect((await client.post('bonuses.activate', { bonus_id: bonusId })).error.error_data).toEqual({
      invalid_parameters: { bonus_id: 'bonusNotAvailable' },
    });
    expect((await client.post('bonuses.deactivate', { bonus_id: second.bonusId })).error.error_data).toEqual({
      invalid_parameters: { bonus_id: 'bonusNotActive' },
    });
    const other = await playerWithBonus(0n);
    expect((await client.post('bonuses.remove', { bonus_id: other.bonusId })).error.error_data).toEqual({
      invalid_parameters: { bonus_id: 'bonusNotAvailable' },
    });
    expect((await client.post('BettingBonuses.activate', { bonus_id: bonusId })).error.error_data).toEqual({
      invalid_parameters: { bonus_id: 'bonusNotAvailable' },
    });
    // Remove: the waiting gift is cancelled (nothing moves), the active one forfeited (its money to the house).
    expect((await client.post('bonuses.remove', { bonus_id: second.bonusId })).data).toMatchObject({
      status: 'cancelled',
      lost: 25,
    });
    expect((await client.post('bonuses.remove', { bonus_id: bonusId })).data).toMatchObject({
      status: 'forfeited',
      lost: 10,
    });
    expect(await balances(player.id)).toEqual({ main: 0n, bonus: 0n });
  });

  it('grants a betting bonus to betting_bonus and lists it under BettingBonuses.get only', async () => {
    const { player, client } = await playerWithBonus(0n);
    const freeBet = await grantBonus(t.app.ctx.db, {
      playerId: player.id,
      template: 'free_bet',
      source: 'operator',
      sourceRef: 'sports',
      grantKey: `test:${player.id}:free_bet`,
      now: now(),
    });
    expect(freeBet.status).toBe('active');
    expect((await getBalances(t.app.ctx.db, player.id)).betting_bonus).toBe(500n);
    const listed = await client.get('BettingBonuses.get');
    expect(listed.data.items).toMatchObject([
      { id: freeBet.bonusId, type: 'betting', balance: 5, contributions: { kinds: { betting: 100 } } },
    ]);
    expect((await client.post('BettingBonuses.remove', { bonus_id: freeBet.bonusId })).data.status).toBe(
      'forfeited',
    );
    expect((await getBalances(t.app.ctx.db, player.id)).betting_bonus).toBe(0n);
  });
});

describe('stakes and wins with an active bonus', () => {
  it('spends real money first, then bonus, and credits a win in the proportion of the stakes', async () => {
    const { player, slot } = await playerWithBonus(700n);
    await bet(slot, 500n);
    expect(await balances(player.id)).toEqual({ main: 200n, bonus: 1_000n });
    const round = id('r');
    const answer = await bet(slot, 500n, round); // 200 real + 300 bonus
    expect(answer.balance).toBe(7); // what the player can stake: main + bonus
    expect(await balances(player.id)).toEqual({ main: 0n, bonus: 700n });
    await win(slot, round, 1_001n); // real share floor(1001 x 200 / 500) = 400, the bonus the rest
    expect(await balances(player.id)).toEqual({ main: 400n, bonus: 1_301n });
    const [stake] = await queryRows<{ bonus_amount: unknown }>(
      t.app.ctx.db,
      sql`select bonus_amount from wallet_transactions where round_id = ${round} and type = 'bet'`,
    );
    expect(toBigInt(stake?.bonus_amount)).toBe(300n);
  });

  it('counts wagering by game kind (slot 100 %, fast 10 %) and takes a rolled-back stake back to its sources', async () => {
    const { player, bonusId, slot, fast } = await playerWithBonus(300n);
    await bet(slot, 200n);
    const fastBet = id('b');
    await walletService.bet(t.app.ctx, {
      session: fast,
      transactionId: fastBet,
      roundId: id('r'),
      amount: 400n,
    });
    expect(await bonusRow(bonusId)).toMatchObject({ wagered: 240n });
    expect(await balances(player.id)).toEqual({ main: 0n, bonus: 700n });
    await walletService.rollback(t.app.ctx, {
      session: slot,
      transactionId: id('rb'),
      referenceTransactionId: fastBet,
    });
    expect(await balances(player.id)).toEqual({ main: 100n, bonus: 1_000n });
    expect(await bonusRow(bonusId)).toMatchObject({ wagered: 200n });
  });

  it('refuses a stake over the max bet while the bonus has money, with a field error in games.play', async () => {
    const { player, client, slot } = await playerWithBonus(5_000n);
    await expect(bet(slot, 501n)).rejects.toMatchObject({ code: 'BONUS_MAX_BET', message: '500' });
    const played = await client.post('games.play', {
      sysname: SLOT,
      mode: 'real',
      bet: '5.01',
      params: '{}',
    });
    expect(played.error).toEqual({
      type: 'InvalidParameterException',
      error_data: { invalid_parameters: { bet: 'bonusMaxBet' }, max_bet: 5 },
    });
    const fine = await client.post('games.play', { sysname: SLOT, mode: 'real', bet: '5.00', params: '{}' });
    expect(fine.error).toBeNull();
    expect(await balances(player.id)).toMatchObject({ bonus: 1_000n });
    // Demo play knows no bonus.
    const demo = await client.post('games.play', { sysname: SLOT, mode: 'demo', bet: '20.00', params: '{}' });
    expect(demo.error).toBeNull();
  });

  it('converts on completion: the bonus money becomes main, capped by max_conversion, the excess to the house', async () => {
    const { player, bonusId, slot } = await playerWithBonus(9_600n);
    await t.app.ctx.db.execute(sql`update player_bonuses set max_conversion = 800 where id = ${bonusId}`);
    for (let i = 0; i < 19; i++) await bet(slot, 500n);
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'active', wagered: 9_500n });
    expect(await balances(player.id)).toEqual({ main: 100n, bonus: 1_000n });
    await bet(slot, 500n); // 100 real + 400 bonus; wagering 10,000 reached
    expect(await bonusRow(bonusId)).toMatchObject({
      status: 'completed',
      reason: 'wagered',
      converted: 600n,
      lost: 0n,
    });
    // The Silver level's 5.00 loyalty bonus, reached on the way and waiting behind it, starts (the queue).
    const [next] = await queryRows<{ status: string; amount: unknown }>(
      t.app.ctx.db,
      sql`select status, amount from player_bonuses where player_id = ${player.id} and source = 'loyalty'`,
    );
    expect({ status: next?.status, amount: toBigInt(next?.amount) }).toEqual({
      status: 'active',
      amount: 500n,
    });
    expect(await balances(player.id)).toEqual({ main: 600n, bonus: 500n });
    // The cap: 600 converted of 800; demo10 is no longer active, so its max bet no longer applies.
    await bet(slot, 600n);
    expect(await balances(player.id)).toEqual({ main: 0n, bonus: 500n });
  });

  it('caps conversion and sends a late win of a completed bonus the same way', async () => {
    const { player, bonusId, slot } = await playerWithBonus(0n);
    await t.app.ctx.db.execute(
      sql`update player_bonuses set max_conversion = 1200, wager_requirement = 500 where id = ${bonusId}`,
    );
    const open = id('r');
    await bet(slot, 300n, open); // all bonus: open round, 300 of the bonus in play
    await bet(slot, 200n); // wagering 500 reached: 500 of bonus left converts
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'completed', converted: 500n });
    expect(await balances(player.id)).toEqual({ main: 500n, bonus: 0n });
    await win(slot, open, 1_000n); // all bonus money: converted within the cap (700 left), 300 to the house
    expect(await bonusRow(bonusId)).toMatchObject({ converted: 1_200n, lost: 300n });
    expect(await balances(player.id)).toEqual({ main: 1_200n, bonus: 0n });
  });

  it('sends the bonus share of a late win of a forfeited bonus to the house, the real share to main', async () => {
    const { player, bonusId, slot } = await playerWithBonus(100n);
    const open = id('r');
    await bet(slot, 500n, open); // 100 real + 400 bonus
    await endBonus(t.app.ctx.db, { bonusId, reason: 'test', now: now() });
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'forfeited', lost: 600n });
    await win(slot, open, 1_000n);
    expect(await balances(player.id)).toEqual({ main: 200n, bonus: 0n });
    expect(await bonusRow(bonusId)).toMatchObject({ lost: 1_400n });
  });

  it('under bonus isolation spends bonus money first and counts only that part', async () => {
    await setIsolation(true);
    try {
      const { player, bonusId, slot } = await playerWithBonus(5_000n);
      await bet(slot, 400n);
      expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 600n });
      await bet(slot, 500n);
      await bet(slot, 400n); // 100 bonus + 300 real
      expect(await balances(player.id)).toEqual({ main: 4_700n, bonus: 0n });
      expect(await bonusRow(bonusId)).toMatchObject({ wagered: 1_000n });
      // No bonus money left in play: a big real stake is the player's own business.
      await bet(slot, 3_000n);
      expect(await balances(player.id)).toMatchObject({ main: 1_700n });
    } finally {
      await setIsolation(false);
    }
  });
});

describe('ending', () => {
  it('expires a bonus on the jobs queue once its time ran out, its money to the house, and starts the next', async () => {
    const { player, bonusId } = await playerWithBonus(0n);
    const waiting = await grantBonus(t.app.ctx.db, {
      playerId: player.id,
      template: 'operator_gift',
      amount: 300n,
      source: 'operator',
      sourceRef: 'x',
      grantKey: `test:${player.id}:gift-expiry`,
      now: now(),
    });
    const start = now();
    try {
      t.clock.advance(7 * 86_400_000 + 1);
      await t.app.ctx.jobs.runRecurring(EXPIRE_JOB);
      await t.app.ctx.jobs.drain();
      expect(await bonusRow(bonusId)).toMatchObject({ status: 'expired', lost: 1_000n });
      // The gift waited behind it and starts; paused again, it has 30 days: activating it after is refused.
      expect(await bonusRow(waiting.bonusId)).toMatchObject({ status: 'active' });
      expect(await balances(player.id)).toEqual({ main: 0n, bonus: 300n });
      await deactivateBonus(t.app.ctx.db, {
        playerId: player.id,
        bonusId: waiting.bonusId,
        type: 'casino',
        now: now(),
      });
      t.clock.advance(23 * 86_400_000);
      expect(
        await activateBonus(t.app.ctx.db, {
          playerId: player.id,
          bonusId: waiting.bonusId,
          type: 'casino',
          now: now(),
        }),
      ).toBe('expired');
      expect(await bonusRow(waiting.bonusId)).toMatchObject({ status: 'expired', lost: 300n });
      expect(await balances(player.id)).toEqual({ main: 0n, bonus: 0n });
    } finally {
      t.clock.set(start);
    }
  });

  it('asks before a withdrawal costs an active bonus, then holds it with burn_bonuses=1 (paid: forfeited)', async () => {
    const { player, client, bonusId } = await playerWithBonus(5_000n);
    await confirmContacts(t.app, player.id);
    const form = {
      method: 'card',
      amount: '20',
      requisites: JSON.stringify({ card_holder: 'Jane Doe', card_number: '4242424242424242' }),
    };
    const refused = await client.post('cashier.makewithdrawal', form);
    expect(refused.error).toEqual({
      type: 'InvalidParameterException',
      error_data: {
        invalid_parameters: { burn_bonuses: 'required' },
        burn_amount: 10,
        currency: 'USD',
        bonus_ids: [bonusId],
      },
    });
    expect(await balances(player.id)).toEqual({ main: 5_000n, bonus: 1_000n });
    const agreed = await client.post('cashier.makewithdrawal', { ...form, burn_bonuses: '1' });
    expect(agreed.error).toBeNull();
    expect(await balances(player.id)).toEqual({ main: 3_000n, bonus: 0n });
    // Held until the withdrawal is settled (withdrawal-forfeit.test.ts): paused, its money waiting as its stash.
    expect(await bonusRow(bonusId)).toMatchObject({ status: 'available', stash: 1_000n, lost: 0n });
    expect((await approveWithdrawal(t.app.ctx, agreed.data.transaction_id, 'op')).status).toBe('success');
    expect(await bonusRow(bonusId)).toMatchObject({
      status: 'forfeited',
      reason: 'withdrawal',
      lost: 1_000n,
    });
  });

  it('leaves the bonus alone under isolation: the real balance stays free', async () => {
    await setIsolation(true);
    try {
      const { player, client, bonusId } = await playerWithBonus(5_000n);
      await confirmContacts(t.app, player.id);
      const r = await client.post('cashier.makewithdrawal', {
        method: 'card',
        amount: '20',
        requisites: JSON.stringify({ card_holder: 'Jane Doe', card_number: '4242424242424242' }),
      });
      expect(r.error).toBeNull();
      expect(await bonusRow(bonusId)).toMatchObject({ status: 'active' });
      expect(await balances(player.id)).toEqual({ main: 3_000n, bonus: 1_000n });
    } finally {
      await setIsolation(false);
    }
  });
});
