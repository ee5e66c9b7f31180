/** The back-office's sportsbook services: liability, suspend / resume, settle and void by hand, stake factor, search. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { fundedClient } from '../../games/play/test-helpers.ts';
import { getBalances } from '../../ledger/balances.ts';
import { feedClient } from '../sportsbook-test-helpers.ts';
import { searchBets } from './bet-queries.ts';
import { setMarketSuspended, setStakeFactor, settleMarketByHand } from './desk-actions.ts';
import { eventBook } from './event-queries.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
}, 180_000);
afterAll(() => t.close());

describe('sportsbook back-office services', () => {
  it('shows liability, suspends and resumes, settles and voids by hand through the feed path', async () => {
    const feed = feedClient(t.app);
    await feed.football('adm1', [2, 3, 4]);
    await feed.football('adm2', [2, 3, 4]);
    const { client, player } = await fundedClient(t.app, 10_000n);
    const place = (event: string, outcome: string, odds: number, stake = '10') =>
      client.post('sportsbook.placeBet', {
        selections: JSON.stringify([
          { event_id: event, market_id: 1, specifiers: '', outcome_id: outcome, odds },
        ]),
        type: 'single',
        stake,
        bet_uuid: `${event}-${outcome}-${stake}`,
      });
    await place('adm1', '1', 2);
    await place('adm1', '3', 4, '5');
    const book = await eventBook(t.app.ctx.db, 'adm1');
    expect(book?.markets[0]?.outcomes.map((o) => [o.id, o.bets, o.liability])).toEqual([
      ['1', 1, 2000n],
      ['2', 0, 0n],
      ['3', 1, 2000n],
    ]);
    const market = { operatorId: 1, eventId: 'adm1', marketId: 1, specifiers: '' };
    await setMarketSuspended(t.app.ctx, { ...market, suspended: true });
    expect((await place('adm1', '2', 3)).error.error_data.invalid_parameters).toEqual({
      selections: 'marketSuspended',
    });
    await setMarketSuspended(t.app.ctx, { ...market, suspended: false });
    expect((await place('adm1', '2', 3, '1')).error).toBeNull();
    await expect(
      setMarketSuspended(t.app.ctx, { ...market, marketId: 99, suspended: true }),
    ).rejects.toMatchObject({
      errorData: { invalid_parameters: { market: 'notFound' } },
    });
    await expect(
      settleMarketByHand(t.app.ctx, { ...market, winners: ['1', '2', '3'] }),
    ).rejects.toMatchObject({
      errorData: { invalid_parameters: { winners: 'wrongField' } },
    });
    await expect(settleMarketByHand(t.app.ctx, { ...market, winners: ['1'] })).rejects.toMatchObject({
      errorData: { invalid_parameters: { override: 'eventNotStarted' } },
    });
    await settleMarketByHand(t.app.ctx, { ...market, winners: ['1'], override: true });
    await t.app.ctx.jobs.drain();
    await expect(setMarketSuspended(t.app.ctx, { ...market, suspended: true })).rejects.toMatchObject({
      errorData: { invalid_parameters: { market: 'settled' } },
    });
    // 100 − 10 − 5 − 1 + 20
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_400n);
    await place('adm2', '1', 2);
    await settleMarketByHand(t.app.ctx, {
      ...market,
      eventId: 'adm2',
      winners: [],
      voidAll: true,
    });
    await t.app.ctx.jobs.drain();
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_400n);
    expect((await searchBets(t.app.ctx.db, { eventId: 'adm2' })).bets[0]).toMatchObject({
      status: 'void',
      payout: 1000n,
    });
    await setStakeFactor(t.app.ctx.db, player.id, 0.001, t.clock.now());
    await feed.football('adm3', [2, 3, 4]);
    expect((await place('adm3', '1', 2, '6')).error.error_data.invalid_parameters).toEqual({
      stake: 'stakeTooHigh',
    });
  }, 300_000);
});
