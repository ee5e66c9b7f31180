/** The shared live roulette table: one committed seed per round, the same spin for every player, settled through the wallet. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { apiClient, createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { loyaltyRewardsInPointsOnly } from '../../loyalty/test-helpers.ts';
import { balancesOf, cents, fundedClient, referenceFloats, referenceSha256 } from '../play/test-helpers.ts';
import { LIVE_BETTING_MS, LIVE_SPIN_MS, tickLiveTables } from './live-table.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
  await loyaltyRewardsInPointsOnly(t.app.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

const SYSNAME = 'lanternlight_lanternlight_roulette';
const bet = (client: ReturnType<typeof apiClient>, mode: string, bets: unknown[]) =>
  client.post('games.play', { sysname: SYSNAME, mode, params: JSON.stringify({ bets }) });

describe('live roulette', () => {
  it('settles every bet of a round on one committed spin, revealed after, pushed to /ws/live', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/live?sysname=${SYSNAME}`);
    const events: any[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));

    await tickLiveTables(t.app.ctx);
    const round = (await apiClient(t.app).get('games.getLiveRound', { sysname: SYSNAME })).data;
    expect(round).toMatchObject({ phase: 'betting', nonce: 1, client_seed: 'lanternlight_roulette' });

    const a = await fundedClient(t.app, 10_000n);
    const b = await fundedClient(t.app, 10_000n);
    const visitor = apiClient(t.app);
    const betA = await bet(a.client, 'real', [
      { type: 'red', amount: '2' },
      { type: 'dozen', index: 1, amount: '1' },
    ]);
    const betB = await bet(b.client, 'real', [{ type: 'black', amount: '5' }]);
    const betV = await bet(visitor, 'demo', [{ type: 'straight', numbers: [0], amount: '1' }]);
    for (const x of [betA, betB, betV]) expect(x.error, JSON.stringify(x.error)).toBeNull();
    expect(betA.data).toMatchObject({
      status: 'open',
      bet: 3,
      server_seed_hash: round.server_seed_hash,
      nonce: 1,
    });
    expect((await balancesOf(t.app, a.player.id)).main).toBe(9_700n);
    // the seed stays secret during the betting window
    expect(
      (await a.client.get('games.getRound', { round_id: betA.data.round_id })).data.server_seed,
    ).toBeNull();

    await tickLiveTables(t.app.ctx); // still betting: nothing happens
    expect((await a.client.get('games.getRound', { round_id: betA.data.round_id })).data.status).toBe('open');
    t.clock.advance(LIVE_BETTING_MS);
    expect((await bet(b.client, 'real', [{ type: 'red', amount: '1' }])).error.error_data.reason).toBe(
      'betting_closed',
    );
    await tickLiveTables(t.app.ctx);

    const ra = (await a.client.get('games.getRound', { round_id: betA.data.round_id })).data;
    const rb = (await b.client.get('games.getRound', { round_id: betB.data.round_id })).data;
    const rv = (await visitor.get('games.getRound', { round_id: betV.data.round_id })).data;
    for (const r of [ra, rb, rv]) expect(r.status).toBe('finished');
    expect(ra.outcome.pocket).toBe(rb.outcome.pocket);
    expect(rv.outcome.pocket).toBe(ra.outcome.pocket);
    expect(ra.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(referenceSha256(ra.server_seed)).toBe(round.server_seed_hash);
    const [float] = referenceFloats(ra.server_seed, ra.client_seed, ra.nonce, 1);
    expect(Math.floor(float! * 37)).toBe(ra.outcome.pocket);
    expect((await balancesOf(t.app, a.player.id)).main).toBe(9_700n + cents(ra.win));
    expect((await balancesOf(t.app, b.player.id)).main).toBe(9_500n + cents(rb.win));

    const after = (await apiClient(t.app).get('games.getLiveRound', { sysname: SYSNAME })).data;
    expect(after.phase).toBe('settled');
    expect(after.recent[0]).toMatchObject({
      pocket: ra.outcome.pocket,
      server_seed: ra.server_seed,
      nonce: 1,
    });
    t.clock.advance(LIVE_SPIN_MS);
    await tickLiveTables(t.app.ctx);
    const next = (await apiClient(t.app).get('games.getLiveRound', { sysname: SYSNAME })).data;
    expect(next).toMatchObject({ phase: 'betting', nonce: 2 });
    expect(next.server_seed_hash).not.toBe(round.server_seed_hash);

    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.close();
    const phases = events.filter((e) => e.event === 'live.roulette.round').map((e) => e.data.phase);
    expect(phases).toEqual(['betting', 'spinning', 'settled', 'betting']);
    const settled = events.find((e) => e.data?.phase === 'settled');
    expect(settled.data.result).toMatchObject({ pocket: ra.outcome.pocket, server_seed: ra.server_seed });
    expect(events.find((e) => e.data?.phase === 'spinning').data.result.pocket).toBe(ra.outcome.pocket);
  });
});
