/**
 * The feed simulator: a fresh book gets pre-match and live events in several sports with prices carrying the
 * margin; live matches play and settle, and a bet on them is settled through the same feed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { getBalances } from '../ledger/balances.ts';
import { createSimulator, readSimulatorContent, TICK_MS } from './simulator.ts';

let t: TTestApp;
beforeAll(async () => {
  // A fixed seed: the live prices walk with the app's randomness, and a lopsided score can clamp them below the margin.
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' }, seed: 'simulator' });
}, 180_000);
afterAll(() => t.close());

describe('feed simulator', () => {
  it('fills the book, moves prices with a margin, plays live matches and settles them and their bets', async () => {
    // The demo's teams, with short matches and one event of each kind per sport.
    const content = {
      ...readSimulatorContent(t.app.ctx.contentDir),
      live_minutes: 0.5,
      prematch_per_sport: 1,
      live_per_sport: 1,
    };
    const simulator = createSimulator(t.app, t.app.ctx, content);
    await simulator.tick();
    const visitor = apiClient(t.app);
    const sports = (await visitor.get('sportsbook.getSports')).data.items;
    expect(sports.map((s: { id: string }) => s.id).sort()).toEqual([
      'basketball',
      'football',
      'ice_hockey',
      'tennis',
    ]);
    for (const sport of sports) {
      expect(sport.live_count).toBe(1);
      expect(sport.prematch_count).toBe(1);
    }
    // A match joined in progress carries the score of the part already played.
    const [joined] = (await visitor.get('sportsbook.getEvents', { sport: 'basketball', status: 'live' })).data
      .items;
    const played = t.clock.now().getTime() - new Date(joined.start_time).getTime();
    expect(played).toBeGreaterThanOrEqual(TICK_MS);
    expect(joined.score.home + joined.score.away).toBeGreaterThan(0);
    for (let i = 0; i < 6; i++) {
      t.clock.advance(TICK_MS);
      await simulator.tick();
    }
    const live = (await visitor.get('sportsbook.getEvents', { sport: 'football', status: 'live' })).data
      .items;
    expect(live.length).toBe(1);
    const event = (await visitor.get('sportsbook.getEvent', { id: live[0].id })).data;
    expect(event.markets.map((m: { id: number }) => m.id)).toEqual([1, 16, 18, 29]);
    const [basketball] = (await visitor.get('sportsbook.getEvents', { sport: 'basketball', status: 'live' }))
      .data.items;
    const court = (await visitor.get('sportsbook.getEvent', { id: basketball.id })).data;
    expect(court.markets.map((m: { id: number }) => m.id)).toEqual([219, 223, 225]);
    expect(court.markets[1].name).toMatch(/^Handicap [+-]\d+\.5 \(incl\. overtime\)$/);
    const main = event.markets[0];
    const overround = main.outcomes.reduce((sum: number, o: { odds: number }) => sum + 1 / o.odds, 0);
    expect(overround).toBeGreaterThan(1.03);
    expect(overround).toBeLessThan(1.12);

    const { client, player } = await fundedClient(t.app, 10_000n);
    const pick = main.outcomes.find((o: { active: boolean }) => o.active);
    const placed = await client.post('sportsbook.placeBet', {
      selections: JSON.stringify([
        { event_id: event.id, market_id: 1, specifiers: '', outcome_id: pick.id, odds: pick.odds },
      ]),
      type: 'single',
      stake: '10',
      accept_odds: 'any',
      bet_uuid: 'sim-bet',
    });
    expect(placed.error).toBeNull();
    // The handicap's home side at its line, named with it.
    const handicap = event.markets.find((m: { id: number }) => m.id === 16);
    const line = Number(handicap.specifiers.replace('hcp=', ''));
    expect(handicap.outcomes[0].name).toBe(`${event.competitors[0].name} (${line > 0 ? '+' : ''}${line})`);
    const onLine = await client.post('sportsbook.placeBet', {
      selections: JSON.stringify([
        {
          event_id: event.id,
          market_id: 16,
          specifiers: handicap.specifiers,
          outcome_id: '1714',
          odds: handicap.outcomes[0].odds,
        },
      ]),
      type: 'single',
      stake: '10',
      accept_odds: 'any',
      bet_uuid: 'sim-bet-handicap',
    });
    expect(onLine.error).toBeNull();
    // Play every live match to its end.
    for (let i = 0; i < (content.live_minutes * 60_000) / TICK_MS + 2; i++) {
      t.clock.advance(TICK_MS);
      await simulator.tick();
    }
    // The settlement's money follows in the jobs queue.
    await t.app.ctx.jobs.drain();
    const bets = (await client.get('sportsbook.getBets')).data.items;
    for (const bet of bets) expect(['won', 'lost']).toContain(bet.status);
    const paid = bets.reduce(
      (sum: bigint, b: { payout: number }) => sum + BigInt(Math.round(b.payout * 100)),
      0n,
    );
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(8_000n + paid);
    const closed = await visitor.get('sportsbook.getEvent', { id: event.id });
    expect(closed.data.status).toBe('closed');
    const { home, away } = closed.data.score;
    const onHandicap = bets.find((b: { legs: { market_id: number }[] }) => b.legs[0]?.market_id === 16);
    expect(onHandicap.status).toBe(home - away + line > 0 ? 'won' : 'lost');
  }, 300_000);
});
