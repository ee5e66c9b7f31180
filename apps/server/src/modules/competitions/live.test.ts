/**
 * Live: a bet on one server instance moves the standings and the jackpot pools; a page's socket on ANOTHER instance
 * (same database, same bus: Redis, when REDIS_URL is set; without it each instance has its own in-process bus, so
 * the socket is on the betting instance) hears `competitions.standings` and `competitions.jackpots` within the
 * throttle interval, once each for two bets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { activeTournament, newJackpot, playDice } from './competitions-test-helpers.ts';

let a: TTestApp;
let b: TTestApp;
beforeAll(async () => {
  a = await createTestApp({ seed: 'competitions-live-a' });
  b = await createTestApp({ join: a, seed: 'competitions-live-b' });
}, 120_000);
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('competitions live', () => {
  it('pushes standings and pool changes across instances to the sockets that asked', async () => {
    const id = await activeTournament(a.app, { optIn: false });
    await newJackpot(a.app, {
      name: { en: 'Live pot' },
      tiers: [{ name: 'mini', contributionBp: 100, seed: 1_000n, mustDropBy: 1_000_000n }],
    });
    const listener = process.env.REDIS_URL ? b : a;
    const address = await listener.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/live?topics=competitions.`);
    const events: { event: string; data: unknown }[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));

    const { client } = await fundedClient(a.app, 10_000n);
    await playDice(client, '1.00');
    await playDice(client, '1.00');
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && events.filter((e) => e.event.startsWith('competitions.')).length < 2)
      await new Promise((resolve) => setTimeout(resolve, 50));
    socket.close();
    const topics = events.map((e) => e.event).sort();
    expect(topics).toEqual(['competitions.jackpots', 'competitions.standings']);
    const board = (await b.app.inject(`/api/leaderboard.get?tournament_id=${id}`)).json().data;
    expect(board.items[0]).toMatchObject({ place: 1, points: 2 });
  });
});
