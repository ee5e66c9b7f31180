/**
 * Betting bonuses in the sportsbook, with the feed driven over HTTP: wagering counts a bet only when it settles won
 * or lost at or above the bonus's minimum odds (a combo by its total odds; void, below-minimum and reopened bets
 * count nothing), and a free bet pays its winnings without the stake (a lost one nothing, a void one its stake back
 * to the bonus). The ledger stays exact to the cent.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { grantBonus } from '../bonuses/engine.ts';
import { bonusTemplates } from '../bonuses/schema.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { betRow, feedClient } from './sportsbook-test-helpers.ts';

let t: TTestApp;
let feed: ReturnType<typeof feedClient>;
let uuid = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  feed = feedClient(t.app);
  // A betting bonus that is not a free bet: 10x, minimum odds 1.50.
  await t.app.ctx.db.insert(bonusTemplates).values({
    id: 9_001,
    sysname: 'test_betting',
    type: 'betting',
    amount: 1_000n,
    wagerMultiplier: 10,
    contributions: { kinds: { betting: 100 }, other: 0, games: {} },
    validDays: 7,
    minOdds: 1_500,
    description: { texts: { en: { title: 'Betting bonus', text: '' } } },
    sourceHash: 'test',
  });
}, 180_000);
afterAll(() => t.close());

type TClient = Awaited<ReturnType<typeof fundedClient>>['client'];

const place = async (
  client: TClient,
  selections: { event_id: string; outcome_id: string; odds: number }[],
  stake = '10.00',
) => {
  const answer = await client.post('sportsbook.placeBet', {
    selections: JSON.stringify(selections.map((s) => ({ ...s, market_id: 1, specifiers: '' }))),
    type: selections.length > 1 ? 'combo' : 'single',
    stake,
    accept_odds: 'none',
    bet_uuid: `bb-${uuid++}`,
  });
  expect(answer.error).toBeNull();
  return answer.data.bets[0] as { id: number };
};

const grant = async (playerId: number, template: string, wagerMultiplier?: number) =>
  (
    await grantBonus(t.app.ctx.db, {
      playerId,
      template,
      source: 'operator',
      sourceRef: 'test',
      grantKey: `test:${playerId}:${template}`,
      wagerMultiplier,
      now: t.app.ctx.providers.clock.now(),
    })
  ).bonusId;

const bonusOf = async (id: number) =>
  (
    await queryRows<{ status: string; wagered: unknown; converted: unknown }>(
      t.app.ctx.db,
      sql`select status, wagered, converted from player_bonuses where id = ${id}`,
    )
  )[0];

const wageredOf = async (id: number) => BigInt(String((await bonusOf(id))?.wagered));

const voidAll = { '1': { void_factor: 1 }, '2': { void_factor: 1 }, '3': { void_factor: 1 } };

describe('wagering of a betting bonus', () => {
  it('counts settled bets at or above the minimum odds only, and a rollback takes it back', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    const bonusId = await grant(player.id, 'test_betting');
    expect((await getBalances(t.app.ctx.db, player.id)).betting_bonus).toBe(1_000n);
    for (const [id, odds] of [
      ['bw1', 2],
      ['bw2', 1.4],
      ['bw3', 2],
      ['bw4', 1.2],
      ['bw5', 1.3],
    ] as const)
      await feed.football(id, [odds, 3.5, 4]);

    const lost = await place(client, [{ event_id: 'bw1', outcome_id: '1', odds: 2 }]);
    // Nothing counts at the stake.
    expect(await wageredOf(bonusId)).toBe(0n);
    await feed.settle1x2('bw1', '2');
    expect(await wageredOf(bonusId)).toBe(1_000n);
    // A redelivered settlement counts nothing more.
    await feed.settle1x2('bw1', '2');
    expect(await wageredOf(bonusId)).toBe(1_000n);

    // Below the minimum odds: paid, not counted.
    await place(client, [{ event_id: 'bw2', outcome_id: '1', odds: 1.4 }]);
    await feed.settle1x2('bw2', '1');
    expect(await wageredOf(bonusId)).toBe(1_000n);

    // Void: the stake comes back, nothing counts.
    const voided = await place(client, [{ event_id: 'bw3', outcome_id: '1', odds: 2 }]);
    await feed.settle1x2('bw3', '1', voidAll);
    expect((await betRow(t.app, voided.id))?.status).toBe('void');
    expect(await wageredOf(bonusId)).toBe(1_000n);

    // A combo counts by its total odds: 1.20 × 1.30 = 1.56.
    await place(client, [
      { event_id: 'bw4', outcome_id: '1', odds: 1.2 },
      { event_id: 'bw5', outcome_id: '1', odds: 1.3 },
    ]);
    await feed.settle1x2('bw4', '1');
    expect(await wageredOf(bonusId)).toBe(1_000n);
    await feed.settle1x2('bw5', '1');
    expect(await wageredOf(bonusId)).toBe(2_000n);

    // The first bet's settlement rolled back: its wagering goes with it, and comes back when it settles again.
    await feed.ok({ type: 'rollback_bet_settlement', event_id: 'bw1', markets: [{ id: 1, specifiers: '' }] });
    expect((await betRow(t.app, lost.id))?.status).toBe('open');
    expect(await wageredOf(bonusId)).toBe(1_000n);
    await feed.settle1x2('bw1', '2');
    expect(await wageredOf(bonusId)).toBe(2_000n);

    // Stakes were real money first (no isolation): 10_000 − 4 × 1_000 + 1_400 (won at 1.4) + 1_000 (void)
    // + 1_560 (combo). The bonus money is untouched.
    const balances = await getBalances(t.app.ctx.db, player.id);
    expect(balances.main).toBe(10_000n - 4_000n + 1_400n + 1_000n + 1_560n);
    expect(balances.betting_bonus).toBe(1_000n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });
});

describe('free bets', () => {
  it('a winning free bet pays the winnings without the stake, once; a rollback takes back exactly that', async () => {
    const { client, player } = await fundedClient(t.app, 10_000n);
    const bonusId = await grant(player.id, 'free_bet', 3);
    await feed.football('fb1', [3, 3.5, 4]);
    const bet = await place(client, [{ event_id: 'fb1', outcome_id: '1', odds: 3 }], '5.00');
    // The free bet's money is staked first.
    let balances = await getBalances(t.app.ctx.db, player.id);
    expect([balances.main, balances.betting_bonus]).toEqual([10_000n, 0n]);
    await feed.settle1x2('fb1', '1');
    await feed.settle1x2('fb1', '1');
    expect(await betRow(t.app, bet.id)).toMatchObject({ status: 'won', settle_count: 1 });
    // Payout 15.00 − the 5.00 stake: 10.00 of winnings on the bonus balance, wagered 5.00 of 15.00.
    balances = await getBalances(t.app.ctx.db, player.id);
    expect([balances.main, balances.betting_bonus]).toEqual([10_000n, 1_000n]);
    expect(await bonusOf(bonusId)).toMatchObject({ status: 'active' });
    expect(await wageredOf(bonusId)).toBe(500n);
    const moved = await queryRows<{ amount: unknown }>(
      t.app.ctx.db,
      sql`select e.amount from ledger_entries e join ledger_transactions x on x.id = e.transaction_id
           join ledger_accounts a on a.id = e.account_id
          where x.kind = 'bonus.free_bet_stake' and a.code = 'house:bonuses' and x.reference = ${`bonus:${bonusId}`}`,
    );
    expect(moved.map((m) => BigInt(String(m.amount)))).toEqual([500n]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);

    // The settlement rolled back: the whole payout comes back off the bonus balance, the bet is open again with
    // its free stake in it; settled lost this time, nothing more moves.
    await feed.ok({ type: 'rollback_bet_settlement', event_id: 'fb1', markets: [{ id: 1, specifiers: '' }] });
    expect((await betRow(t.app, bet.id))?.status).toBe('open');
    balances = await getBalances(t.app.ctx.db, player.id);
    expect([balances.main, balances.betting_bonus]).toEqual([10_000n, 0n]);
    expect(await wageredOf(bonusId)).toBe(0n);
    await feed.settle1x2('fb1', '2');
    expect((await betRow(t.app, bet.id))?.status).toBe('lost');
    balances = await getBalances(t.app.ctx.db, player.id);
    expect([balances.main, balances.betting_bonus]).toEqual([10_000n, 0n]);
    expect(await wageredOf(bonusId)).toBe(500n);
    const debts = await queryRows(t.app.ctx.db, sql`select 1 from sb_debts where player_id = ${player.id}`);
    expect(debts).toEqual([]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a winning free bet whose wagering completes converts the winnings only', async () => {
    const { client, player } = await fundedClient(t.app, 0n);
    const bonusId = await grant(player.id, 'free_bet');
    await feed.football('fb2', [2.5, 3.5, 4]);
    await place(client, [{ event_id: 'fb2', outcome_id: '1', odds: 2.5 }], '5.00');
    await feed.settle1x2('fb2', '1');
    const balances = await getBalances(t.app.ctx.db, player.id);
    // 12.50 paid, 5.00 of it the free stake: 7.50 becomes real money.
    expect([balances.main, balances.betting_bonus]).toEqual([750n, 0n]);
    expect(await bonusOf(bonusId)).toMatchObject({ status: 'completed' });
    expect(BigInt(String((await bonusOf(bonusId))?.converted))).toBe(750n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a losing free bet costs nothing more', async () => {
    const { client, player } = await fundedClient(t.app, 2_000n);
    const bonusId = await grant(player.id, 'free_bet', 3);
    // The terms the player reads: minimum odds and the free-bet rule.
    const [item] = (await client.get('BettingBonuses.get')).data.items;
    expect(item).toMatchObject({ id: bonusId, min_odds: 1.5, is_free_bet: true, balance: 5 });
    expect(item.description.text).toContain('1.50');
    await feed.football('fb3', [2, 3.5, 4]);
    const bet = await place(client, [{ event_id: 'fb3', outcome_id: '1', odds: 2 }], '5.00');
    await feed.settle1x2('fb3', '3');
    expect((await betRow(t.app, bet.id))?.status).toBe('lost');
    const balances = await getBalances(t.app.ctx.db, player.id);
    expect([balances.main, balances.betting_bonus]).toEqual([2_000n, 0n]);
    expect(await wageredOf(bonusId)).toBe(500n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a voided free bet gives its stake back to the bonus balance and counts nothing', async () => {
    const { client, player } = await fundedClient(t.app, 2_000n);
    const bonusId = await grant(player.id, 'free_bet', 3);
    await feed.football('fb4', [2, 3.5, 4]);
    const bet = await place(client, [{ event_id: 'fb4', outcome_id: '1', odds: 2 }], '5.00');
    expect((await getBalances(t.app.ctx.db, player.id)).betting_bonus).toBe(0n);
    await feed.settle1x2('fb4', '1', voidAll);
    expect((await betRow(t.app, bet.id))?.status).toBe('void');
    const balances = await getBalances(t.app.ctx.db, player.id);
    expect([balances.main, balances.betting_bonus]).toEqual([2_000n, 500n]);
    expect(await wageredOf(bonusId)).toBe(0n);
    expect(await bonusOf(bonusId)).toMatchObject({ status: 'active' });
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a cashed-out free bet keeps the cash-out value less the stake, and wagers nothing', async () => {
    const { client, player } = await fundedClient(t.app, 2_000n);
    const bonusId = await grant(player.id, 'free_bet', 3);
    await feed.football('fb5', [2, 3.5, 4]);
    const bet = await place(client, [{ event_id: 'fb5', outcome_id: '1', odds: 2 }], '5.00');
    await feed.ok({
      type: 'odds_change',
      event_id: 'fb5',
      markets: [{ id: 1, specifiers: '', status: 1, outcomes: [{ id: '1', odds: 1.6 }] }],
    });
    // 5 × 2 / 1.6 × 0.95 = 5.9375 → 5.93; the 5.00 free stake goes back to the house.
    const done = await client.post('sportsbook.cashout', { bet_id: bet.id, amount: '5.93' });
    expect(done.data.bet).toMatchObject({ status: 'cashed_out', payout: 5.93 });
    const balances = await getBalances(t.app.ctx.db, player.id);
    expect([balances.main, balances.betting_bonus]).toEqual([2_000n, 93n]);
    expect(await wageredOf(bonusId)).toBe(0n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });
});
