/**
 * The demo's whole path: the simulator publishing UOF XML on the broker (the in-memory one on PGlite, RabbitMQ with
 * an exchange of its own on PostgreSQL) and serving its REST stand-in, the adapter bringing it into the book: a
 * recovery answered with a snapshot, events created from their fixtures, named from the descriptions, clocked,
 * a team in one match at a time, and a live match played to its settlement.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect as amqpConnect } from 'amqplib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { getBalances } from '../ledger/balances.ts';
import { marketDescriptions } from './market-descriptions.ts';
import { readMarketDescriptions } from './sim-uof.ts';
import { createSimulator, readSimulatorContent, TICK_MS } from './simulator.ts';
import { type TAmqpConnect, UOF_EXCHANGE } from './uof/amqp.ts';
import { createFakeBroker } from './uof/fake-broker.ts';
import { createUofBook, type TUofBook } from './uof-book.ts';

const RABBIT = 'amqp://guest:guest@127.0.0.1:5672/';
const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TTestApp;
let book: TUofBook;
let simulator: ReturnType<typeof createSimulator>;
let server: ReturnType<typeof createServer>;
let cleanUp: () => Promise<void> = async () => undefined;

const until = async (check: () => Promise<boolean> | boolean, what: string) => {
  const end = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

/** The book has applied everything the simulator published (its sequencer idle) and settled the bets. */
const settled = async () => {
  let seen = -1;
  await until(() => {
    const total = book.stats.applied + book.stats.duplicate + book.stats.stale + book.stats.skipped;
    const quiet = total === seen;
    seen = total;
    return quiet;
  }, 'the book to catch up');
  await book.idle();
  await t.app.ctx.jobs.drain();
};

const content = () => ({
  ...readSimulatorContent(t.app.ctx.contentDir),
  live_minutes: 0.5,
  prematch_per_sport: 1,
  live_per_sport: 1,
});

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' }, seed: 'simulator' });
  let exchange = UOF_EXCHANGE;
  let connect: TAmqpConnect | undefined;
  if (onPostgres) {
    exchange = `unifiedfeed-sim-${randomBytes(5).toString('hex')}`;
    cleanUp = async () => {
      const admin = await amqpConnect(RABBIT);
      const channel = await admin.createChannel();
      await channel.deleteExchange(exchange);
      await admin.close();
    };
  } else connect = createFakeBroker({ exchanges: [exchange] }).connect;
  const url = onPostgres ? RABBIT : 'amqp://fake';
  simulator = createSimulator(t.app, t.app.ctx, content(), {
    uofUrl: url,
    exchange,
    descriptions: readMarketDescriptions(t.app.ctx.contentDir),
    ...(connect ? { connect } : {}),
  });
  // The stand-in's REST calls over HTTP, as module.ts serves them under /uof-sim.
  server = createServer((req, res) => {
    void simulator
      .uofRest(req.method ?? 'GET', req.url ?? '/', req.headers['x-access-token'])
      .then((answer) => {
        res.writeHead(answer.status, { 'content-type': 'application/xml; charset=utf-8' });
        res.end(answer.body);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  book = createUofBook(t.app, t.app.ctx, {
    amqpUrl: url,
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    nodeId: 4,
    exchange,
    ...(connect ? { connect } : {}),
    tickMs: 3_600_000,
  });
  await book.start();
  // The simulator answers the start's recoveries with their snapshot_complete.
  await until(() => book.monitor.isUp(1) && book.monitor.isUp(3), 'producers up');
}, 180_000);

afterAll(async () => {
  await book?.close();
  await simulator?.close();
  await cleanUp();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  marketDescriptions.clear();
});

it('runs the demo over the broker: simulator → UOF XML → adapter → book', async () => {
  const visitor = apiClient(t.app);
  await simulator.tick();
  await until(
    async () => (await visitor.get('sportsbook.getSports')).data.items.length === 4,
    'four sports in the book',
  );
  await settled();
  const sports = (await visitor.get('sportsbook.getSports')).data.items;
  for (const sport of sports)
    expect([sport.id, sport.live_count, sport.prematch_count]).toEqual([sport.id, 1, 1]);
  for (let i = 0; i < 3; i++) {
    t.clock.advance(TICK_MS);
    await simulator.tick();
  }
  await settled();

  const all = (await visitor.get('sportsbook.getEvents', { status: 'all', count: 100 })).data.items;
  expect(all.every((e: { id: string }) => /^sim:match:\d+$/.test(e.id))).toBe(true);
  // A team plays one match at a time (the pre-match ones start after the live ones end).
  const live = all.filter((e: { status: string }) => e.status === 'live');
  const names = live.flatMap((e: { competitors: { name: string }[] }) => e.competitors.map((c) => c.name));
  expect(new Set(names).size).toBe(names.length);

  const [match] = (await visitor.get('sportsbook.getEvents', { sport: 'football', status: 'live' })).data
    .items;
  expect(match.clock).toMatchObject({ stopped: false, match_status: 6, period: '1st half' });
  expect(match.clock.match_time).toMatch(/^\d+:\d\d$/);
  expect(match.main_markets.map((m: { id: number }) => m.id)).toEqual([1, 18, 16]);
  const event = (await visitor.get('sportsbook.getEvent', { id: match.id, locale: 'de' })).data;
  const oneXTwo = event.markets.find((m: { id: number }) => m.id === 1);
  expect(oneXTwo.outcomes.map((o: { name: string }) => o.name)).toEqual([
    event.competitors[0].name,
    'Unentschieden',
    event.competitors[1].name,
  ]);
  expect(event.markets.find((m: { id: number }) => m.id === 29).name).toBe('Beide Teams treffen');

  const { client, player } = await fundedClient(t.app, 10_000n);
  const pick = oneXTwo.outcomes.find((o: { active: boolean }) => o.active);
  const placed = await client.post('sportsbook.placeBet', {
    selections: JSON.stringify([
      { event_id: match.id, market_id: 1, specifiers: '', outcome_id: pick.id, odds: pick.odds },
    ]),
    type: 'single',
    stake: '10',
    accept_odds: 'any',
    bet_uuid: 'sim-uof-bet',
  });
  expect(placed.error).toBeNull();
  // Play the live matches to their end; the settlement comes over the broker.
  for (let i = 0; i < (0.5 * 60_000) / TICK_MS + 2; i++) {
    t.clock.advance(TICK_MS);
    await simulator.tick();
    await settled();
  }
  const [bet] = (await client.get('sportsbook.getBets')).data.items;
  expect(['won', 'lost']).toContain(bet.status);
  expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(
    9_000n + BigInt(Math.round(bet.payout * 100)),
  );
  expect((await visitor.get('sportsbook.getEvent', { id: match.id })).data.status).toBe('closed');
}, 300_000);
