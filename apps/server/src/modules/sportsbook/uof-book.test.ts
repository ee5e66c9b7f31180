/**
 * The book on the Unified Odds Feed: UOF XML (written from UnifiedFeed.xsd with part 1's builders) consumed from
 * the broker (the in-memory one in the PGlite suite, RabbitMQ with an exchange of its own in the PostgreSQL suite),
 * fixtures and market descriptions from the REST stand-in, applied through the JSON feed's apply and settled by
 * the one settlement engine: a new event, odds changes, bet stops by group, settlements with half voids and dead
 * heats to the cent (a live-scouted one waits for the confirmed one), a rollback and re-settlement, a bet cancel
 * window and its rollback, a fixture change, a disconnect with recovery, redelivered and stale messages.
 */
import { randomBytes } from 'node:crypto';
import { connect as amqpConnect } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { marketDescriptions } from './market-descriptions.ts';
import { type TAmqpConnect, type TAmqpConnection, UOF_EXCHANGE } from './uof/amqp.ts';
import { buildUofXml } from './uof/build-message.ts';
import { createFakeBroker } from './uof/fake-broker.ts';
import type { TOddsMarket, TSportEventStatus, TUofEventMessage, TUofMessage } from './uof/message-types.ts';
import { startRestStandIn } from './uof/rest-stand-in.ts';
import type { TFixture, TMarketDescription } from './uof/rest-types.ts';
import { routingKeyFor } from './uof/routing-keys.ts';
import { createUofBook, type TUofBook } from './uof-book.ts';

const RABBIT = 'amqp://guest:guest@127.0.0.1:5672/';
const onPostgres = Boolean(process.env.DATABASE_URL);
const TOKEN = 'uof-test-token';
const NODE = 7;

const fixture = (id: string, home: string, away: string, status = 'not_started'): TFixture => ({
  id,
  name: `${home} vs. ${away}`,
  scheduled: '2026-11-21T13:00:00+00:00',
  startTime: '2026-11-21T13:00:00+00:00',
  status,
  liveOdds: 'booked',
  sport: { id: 'sr:sport:1', name: 'Soccer' },
  category: { id: 'sr:category:1', name: 'England', countryCode: 'ENG' },
  tournament: { id: 'sr:tournament:17', name: 'Premier League' },
  competitors: [
    // Away first: the book orders them by qualifier.
    { id: `sr:competitor:${id.split(':')[2]}2`, name: away, qualifier: 'away' },
    { id: `sr:competitor:${id.split(':')[2]}1`, name: home, qualifier: 'home' },
  ],
  extraInfo: { period_length: '45' },
});

const FIXTURES: Record<string, Record<string, TFixture>> = {};
for (const [n, home, away, status] of [
  [1001, 'Arsenal', 'Chelsea', 'not_started'],
  [1002, 'Everton', 'Fulham', 'not_started'],
  [1003, 'Leeds', 'Wolves', 'not_started'],
  [1004, 'Brighton', 'Burnley', 'live'],
  [1005, 'Bournemouth', 'Brentford', 'not_started'],
] as const) {
  const id = `sr:match:${n}`;
  FIXTURES[id] = { en: fixture(id, home, away, status) };
}

const market = (
  id: number,
  name: string,
  groups: string,
  outcomes: [string, string][],
  specifiers: string[] = [],
): TMarketDescription => ({
  id,
  name,
  groups: groups.split('|'),
  outcomes: outcomes.map(([oid, oname]) => ({ id: oid, name: oname })),
  specifiers: specifiers.map((s) => ({ name: s, type: 'decimal' })),
});

const MARKETS: Record<string, TMarketDescription[]> = {
  en: [
    market(1, '1x2', 'all|score|regular_play', [
      ['1', '{$competitor1}'],
      ['2', 'draw'],
      ['3', '{$competitor2}'],
    ]),
    market(
      18,
      'Total {total}',
      'all|score|regular_play',
      [
        ['12', 'over {total}'],
        ['13', 'under {total}'],
      ],
      ['total'],
    ),
    market(
      16,
      'Handicap {hcp}',
      'all|score|regular_play',
      [
        ['1714', '{$competitor1} ({+hcp})'],
        ['1715', '{$competitor2} ({-hcp})'],
      ],
      ['hcp'],
    ),
    market(
      8,
      '{!goalnr} goal',
      'all|score|regular_play',
      [
        ['6', '{$competitor1}'],
        ['7', 'none'],
        ['8', '{$competitor2}'],
      ],
      ['goalnr'],
    ),
    market(
      166,
      'Total corners {total}',
      'all|corners',
      [
        ['12', 'over {total}'],
        ['13', 'under {total}'],
      ],
      ['total'],
    ),
  ],
  de: [
    market(1, '1x2', 'all|score|regular_play', [
      ['1', '{$competitor1}'],
      ['2', 'Unentschieden'],
      ['3', '{$competitor2}'],
    ]),
    market(
      18,
      'Gesamt {total}',
      'all|score|regular_play',
      [
        ['12', 'über {total}'],
        ['13', 'unter {total}'],
      ],
      ['total'],
    ),
  ],
};

let t: TTestApp;
let standIn: Awaited<ReturnType<typeof startRestStandIn>>;
let book: TUofBook;
let publishXml: (routingKey: string, xml: string) => Promise<void>;
/** Drops the book's broker connection as a broker restart would. */
let dropConnection: () => Promise<void>;
let cleanUp: () => Promise<void> = async () => undefined;
const T0 = Date.parse('2026-11-21T12:00:00Z');
let ts = T0 - 60_000;
/** Feed timestamps only move forward. */
const next = () => ++ts;

const until = async (check: () => boolean | Promise<boolean>, what = 'condition') => {
  const end = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const handled = () => book.stats.applied + book.stats.duplicate + book.stats.stale + book.stats.skipped;

const publish = (message: TUofMessage) =>
  publishXml(routingKeyFor(message, { sportId: 1, nodeId: NODE }), buildUofXml(message));

/** Publishes event messages and waits until each was judged and the bets it queued settled. */
const send = async (...messages: TUofEventMessage[]) => {
  const before = handled();
  for (const message of messages) await publish(message);
  await until(() => handled() >= before + messages.length, `${messages.map((m) => m.type)} applied`);
  await book.idle();
  await t.app.ctx.jobs.drain();
};

const visitor = () => apiClient(t.app);
const eventOf = async (id: string, locale = 'en') => {
  const answer = await visitor().get('sportsbook.getEvent', { id, locale });
  expect(answer.error).toBeNull();
  return answer.data;
};
const marketOf = (event: any, id: number, specifiers = '') =>
  event.markets.find((m: any) => m.id === id && m.specifiers === specifiers);

const oddsChange = (
  eventId: string,
  markets: TOddsMarket[],
  options: { product?: number; status?: TSportEventStatus; requestId?: number; timestamp?: number } = {},
): TUofEventMessage => ({
  type: 'odds_change',
  product: options.product ?? 3,
  eventId,
  timestamp: options.timestamp ?? next(),
  ...(options.requestId === undefined ? {} : { requestId: options.requestId }),
  ...(options.status ? { sportEventStatus: options.status } : {}),
  markets,
});

const oneXTwo = (odds: [number, number, number], status: TOddsMarket['status'] = 1): TOddsMarket => ({
  id: 1,
  specifiers: '',
  status,
  outcomes: ['1', '2', '3'].map((id, i) => ({ id, odds: odds[i] as number, active: true })),
});
const twoWay = (
  id: number,
  specifiers: string,
  ids: [string, string],
  odds: [number, number],
): TOddsMarket => ({
  id,
  specifiers,
  status: 1,
  outcomes: ids.map((oid, i) => ({ id: oid, odds: odds[i] as number, active: true })),
});

let uuid = 0;
const place = (client: any, selection: Record<string, unknown>, stake: string) =>
  client.post('sportsbook.placeBet', {
    selections: JSON.stringify([{ specifiers: '', ...selection }]),
    type: 'single',
    stake,
    accept_odds: 'none',
    bet_uuid: `uof-${uuid++}`,
  });

const betsOf = async (client: any) => (await client.get('sportsbook.getBets', { status: 'all' })).data.items;

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  standIn = await startRestStandIn({ token: TOKEN, fixtures: FIXTURES, markets: MARKETS });
  const opened: TAmqpConnection[] = [];
  let connect: TAmqpConnect;
  let exchange = UOF_EXCHANGE;
  if (onPostgres) {
    // RabbitMQ: an exchange of this run's own, deleted afterwards.
    exchange = `unifiedfeed-test-${randomBytes(5).toString('hex')}`;
    const admin = await amqpConnect(RABBIT);
    const channel = await admin.createConfirmChannel();
    await channel.assertExchange(exchange, 'topic', { durable: false });
    publishXml = async (routingKey, xml) => {
      channel.publish(exchange, routingKey, Buffer.from(xml, 'utf8'));
      await channel.waitForConfirms();
    };
    connect = async (url) => {
      const connection = (await amqpConnect(url)) as unknown as TAmqpConnection;
      opened.push(connection);
      return connection;
    };
    dropConnection = async () => {
      for (const c of opened.splice(0)) await c.close().catch(() => undefined);
    };
    cleanUp = async () => {
      await channel.deleteExchange(exchange);
      await admin.close();
    };
  } else {
    const broker = createFakeBroker({ exchanges: [exchange] });
    publishXml = async (routingKey, xml) => {
      broker.publish(exchange, routingKey, xml);
    };
    connect = broker.connect;
    dropConnection = async () => broker.dropConnections();
  }
  book = createUofBook(t.app, t.app.ctx, {
    amqpUrl: onPostgres ? RABBIT : 'amqp://fake',
    apiUrl: standIn.url,
    accessToken: TOKEN,
    nodeId: NODE,
    exchange,
    connect,
    tickMs: 3_600_000,
    backoff: { initialMs: 5, maxMs: 20 },
  });
  await book.start();
  await until(() => standIn.recoveries.length === 2, 'the start recoveries');
  expect(standIn.recoveries.map((r) => [r.product, r.nodeId, r.after])).toEqual([
    [1, NODE, undefined],
    [3, NODE, undefined],
  ]);
  for (const r of standIn.recoveries)
    await publish({
      type: 'snapshot_complete',
      product: r.product,
      timestamp: next(),
      requestId: r.requestId ?? 0,
    });
  await until(() => book.monitor.isUp(1) && book.monitor.isUp(3), 'producers up');
}, 180_000);

afterAll(async () => {
  await book?.close();
  await cleanUp();
  await standIn?.close();
  await t?.close();
  marketDescriptions.clear();
});

describe('the book on the Unified Odds Feed', () => {
  it('creates an event first seen from its fixture, names every market from the descriptions, odds exact', async () => {
    await send(
      oddsChange('sr:match:1001', [
        oneXTwo([1.0005, 3.4, 4.2]),
        twoWay(18, 'total=2.5', ['12', '13'], [1.85, 1.95]),
        twoWay(18, 'total=3.5', ['12', '13'], [2.9, 1.38]),
        {
          id: 8,
          specifiers: 'goalnr=1',
          status: 1,
          outcomes: [
            { id: '6', odds: 1.75, active: true },
            { id: '7', odds: 9.5, active: true },
            { id: '8', odds: 2.6, active: true },
          ],
        },
        twoWay(166, 'total=9.5', ['12', '13'], [1.9, 1.9]),
      ]),
    );
    expect(standIn.calls).toContainEqual({
      method: 'GET',
      path: '/v1/sports/en/sport_events/sr%3Amatch%3A1001/fixture.xml',
    });
    const event = await eventOf('sr:match:1001');
    expect(event).toMatchObject({
      sport: 'football',
      tournament: 'Premier League',
      competitors: [
        { id: 'sr:competitor:10011', name: 'Arsenal' },
        { id: 'sr:competitor:10012', name: 'Chelsea' },
      ],
      start_time: '2026-11-21T13:00:00.000Z',
      status: 'not_started',
    });
    // 1.0005 is 1001 thousandths from its decimal text (float arithmetic gives 1000).
    expect(marketOf(event, 1).outcomes.map((o: any) => [o.name, o.odds])).toEqual([
      ['Arsenal', 1.001],
      ['draw', 3.4],
      ['Chelsea', 4.2],
    ]);
    expect(marketOf(event, 18, 'total=2.5')).toMatchObject({
      name: 'Total 2.5',
      status: 1,
      outcomes: [
        { id: '12', name: 'over 2.5', odds: 1.85, active: true },
        { id: '13', name: 'under 2.5', odds: 1.95, active: true },
      ],
    });
    // A market the book never knew, named from its description.
    expect(marketOf(event, 8, 'goalnr=1').name).toBe('1st goal');
    expect(marketOf(event, 166, 'total=9.5').name).toBe('Total corners 9.5');
    // German where the descriptions have it, English where they do not.
    const de = await eventOf('sr:match:1001', 'de');
    expect(marketOf(de, 18, 'total=2.5').name).toBe('Gesamt 2.5');
    expect(marketOf(de, 1).outcomes[1].name).toBe('Unentschieden');
    expect(marketOf(de, 8, 'goalnr=1').name).toBe('1st goal');
    // Lists: the main markets, the total at its most balanced line.
    const list = await visitor().get('sportsbook.getEvents', { sport: 'football', status: 'prematch' });
    const item = list.data.items.find((e: any) => e.id === 'sr:match:1001');
    expect(item.main_markets.map((m: any) => [m.id, m.specifiers])).toEqual([
      [1, ''],
      [18, 'total=2.5'],
    ]);
    expect(item.main_market.id).toBe(1);
  });

  it('applies odds changes: an outcome inactive (active="0") and one without odds not offered', async () => {
    await send(
      oddsChange('sr:match:1001', [
        {
          id: 1,
          specifiers: '',
          status: 1,
          outcomes: [
            { id: '1', odds: 1.95, active: true },
            { id: '2', odds: 3.3, active: false },
            { id: '3', active: true },
          ],
        },
      ]),
    );
    const event = await eventOf('sr:match:1001');
    expect(marketOf(event, 1).outcomes.map((o: any) => [o.odds, o.active])).toEqual([
      [1.95, true],
      [3.3, false],
      [4.2, false],
    ]);
  });

  it('a bet_stop stops the markets of its groups, or every market', async () => {
    await send({
      type: 'bet_stop',
      product: 3,
      eventId: 'sr:match:1001',
      timestamp: next(),
      groups: ['corners'],
      marketStatus: -1,
    });
    let event = await eventOf('sr:match:1001');
    expect(marketOf(event, 166, 'total=9.5').status).toBe(-1);
    expect(marketOf(event, 18, 'total=2.5').status).toBe(1);
    await send({
      type: 'bet_stop',
      product: 3,
      eventId: 'sr:match:1001',
      timestamp: next(),
      groups: ['all'],
      marketStatus: -1,
    });
    event = await eventOf('sr:match:1001');
    expect(event.markets.map((m: any) => m.status)).toEqual(event.markets.map(() => -1));
  });

  it('settles half voids and dead heats to the cent; a live-scouted result waits for the confirmed one', async () => {
    const id = 'sr:match:1002';
    await send(
      oddsChange(id, [
        twoWay(16, 'hcp=-0.25', ['1714', '1715'], [1.95, 1.85]),
        {
          id: 8,
          specifiers: 'goalnr=1',
          status: 1,
          outcomes: [
            { id: '6', odds: 2.35, active: true },
            { id: '7', odds: 9, active: true },
            { id: '8', odds: 2.9, active: true },
          ],
        },
      ]),
    );
    const { client, player } = await fundedClient(t.app, 10_000n);
    const hcp = { event_id: id, market_id: 16, specifiers: 'hcp=-0.25' };
    expect((await place(client, { ...hcp, outcome_id: '1714', odds: 1.95 }, '10.00')).error).toBeNull();
    expect((await place(client, { ...hcp, outcome_id: '1715', odds: 1.85 }, '10.00')).error).toBeNull();
    const first = { event_id: id, market_id: 8, specifiers: 'goalnr=1', outcome_id: '6', odds: 2.35 };
    expect((await place(client, first, '3.33')).error).toBeNull();
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(7_667n);

    const settlement = (certainty: 1 | 2): TUofEventMessage => ({
      type: 'bet_settlement',
      product: certainty === 1 ? 1 : 3,
      eventId: id,
      timestamp: next(),
      certainty,
      markets: [
        {
          id: 16,
          specifiers: 'hcp=-0.25',
          outcomes: [
            { id: '1714', result: 1, voidFactor: 0.5 },
            { id: '1715', result: 0, voidFactor: 0.5 },
          ],
        },
        {
          id: 8,
          specifiers: 'goalnr=1',
          outcomes: [
            { id: '6', result: 1, deadHeatFactor: 0.5 },
            { id: '7', result: 0 },
            { id: '8', result: 1, deadHeatFactor: 0.5 },
          ],
        },
      ],
    });
    await send(settlement(1));
    expect((await betsOf(client)).map((b: any) => b.status)).toEqual(['open', 'open', 'open']);
    expect(marketOf(await eventOf(id), 16, 'hcp=-0.25').status).toBe(-1);

    await send(settlement(2));
    // Newest first: 3.33 × 2.35 × 0.5 = 3.91275 → 3.91; 10 × 0.5 = 5.00 (the book's "won": it pays something);
    // 10 × (0.5 + 0.5 × 1.95) = 14.75.
    expect((await betsOf(client)).map((b: any) => [b.status, b.payout])).toEqual([
      ['won', 3.91],
      ['won', 5],
      ['won', 14.75],
    ]);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(7_667n + 391n + 500n + 1_475n);

    // A rollback reopens the handicap's bets and takes their payouts back; the next settlement pays again.
    await send({
      type: 'rollback_bet_settlement',
      product: 3,
      eventId: id,
      timestamp: next(),
      markets: [{ id: 16, specifiers: 'hcp=-0.25' }],
    });
    expect((await betsOf(client)).map((b: any) => b.status)).toEqual(['won', 'open', 'open']);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(7_667n + 391n);
    await send({
      type: 'bet_settlement',
      product: 3,
      eventId: id,
      timestamp: next(),
      certainty: 2,
      markets: [
        {
          id: 16,
          specifiers: 'hcp=-0.25',
          outcomes: [
            { id: '1714', result: 0, voidFactor: 0.5 },
            { id: '1715', result: 1, voidFactor: 0.5 },
          ],
        },
      ],
    });
    // 10 × 0.5 = 5.00; 10 × (0.5 + 0.5 × 1.85) = 14.25.
    expect((await betsOf(client)).map((b: any) => [b.status, b.payout])).toEqual([
      ['won', 3.91],
      ['won', 14.25],
      ['won', 5],
    ]);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(7_667n + 391n + 500n + 1_425n);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a bet_cancel voids the bets placed in its window; its rollback counts them again', async () => {
    const id = 'sr:match:1003';
    await send(oddsChange(id, [oneXTwo([2.1, 3.2, 3.6])]));
    const { client, player } = await fundedClient(t.app, 10_000n);
    const placedAt = t.clock.now().getTime();
    expect(
      (await place(client, { event_id: id, market_id: 1, outcome_id: '1', odds: 2.1 }, '10.00')).error,
    ).toBeNull();
    t.clock.advance(600_000);
    try {
      expect(
        (await place(client, { event_id: id, market_id: 1, outcome_id: '3', odds: 3.6 }, '5.00')).error,
      ).toBeNull();
    } finally {
      t.clock.set(new Date(placedAt));
    }
    const cancel = (type: 'bet_cancel' | 'rollback_bet_cancel'): TUofEventMessage => ({
      type,
      product: 3,
      eventId: id,
      timestamp: next(),
      startTime: placedAt - 1000,
      endTime: placedAt + 1000,
      markets: [{ id: 1, specifiers: '' }],
    });
    await send(cancel('bet_cancel'));
    expect((await betsOf(client)).map((b: any) => [b.status, b.payout])).toEqual([
      ['open', 0],
      ['cancelled', 10],
    ]);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_000n - 500n);
    await send(cancel('rollback_bet_cancel'));
    expect((await betsOf(client)).map((b: any) => b.status)).toEqual(['open', 'open']);
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(10_000n - 1_500n);
    await send({
      type: 'bet_settlement',
      product: 3,
      eventId: id,
      timestamp: next(),
      certainty: 2,
      markets: [
        {
          id: 1,
          specifiers: '',
          outcomes: [
            { id: '1', result: 1 },
            { id: '2', result: 0 },
            { id: '3', result: 0 },
          ],
        },
      ],
    });
    expect((await betsOf(client)).map((b: any) => [b.status, b.payout])).toEqual([
      ['lost', 0],
      ['won', 21],
    ]);
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('a fixture_change fetches the fixture again', async () => {
    const entry = FIXTURES['sr:match:1001']?.en as TFixture;
    entry.startTime = '2026-11-21T15:30:00+00:00';
    (entry.competitors[1] as { name: string }).name = 'Arsenal FC';
    const before = standIn.calls.length;
    await send({
      type: 'fixture_change',
      product: 3,
      eventId: 'sr:match:1001',
      timestamp: next(),
      startTime: 0,
    });
    expect(standIn.calls.slice(before).map((c) => c.path)).toEqual([
      '/v1/sports/en/sport_events/sr%3Amatch%3A1001/fixture.xml',
    ]);
    const event = await eventOf('sr:match:1001');
    expect(event.start_time).toBe('2026-11-21T15:30:00.000Z');
    expect(event.competitors[0].name).toBe('Arsenal FC');
    expect(event.status).toBe('not_started');
  });

  it('shows the match clock and score; a disconnect suspends live markets until the recovery completes', async () => {
    const id = 'sr:match:1004';
    const status = (matchTime: string, home: number, away: number): TSportEventStatus => ({
      status: 1,
      matchStatus: 6,
      homeScore: home,
      awayScore: away,
      clock: { matchTime, stopped: false },
      periodScores: [],
      results: [],
    });
    await send(oddsChange(id, [oneXTwo([1.6, 3.9, 5.5])], { product: 1, status: status('27:33', 1, 0) }));
    let event = await eventOf(id);
    expect(event).toMatchObject({
      status: 'live',
      score: { home: 1, away: 0 },
      clock: { match_time: '27:33', stopped: false, match_status: 6, period: '1st half' },
    });
    expect(marketOf(event, 1).status).toBe(1);
    await publish({ type: 'alive', product: 1, timestamp: next(), subscribed: true });
    const lastAlive = ts;
    await until(() => book.monitor.state(1)?.lastProcessed === lastAlive, 'the alive processed');

    const recoveries = standIn.recoveries.length;
    await dropConnection();
    await until(() => standIn.recoveries.length >= recoveries + 2, 'the recoveries');
    await book.idle();
    event = await eventOf(id);
    expect(marketOf(event, 1).status).toBe(-1);
    const live = standIn.recoveries.slice(recoveries).find((r) => r.product === 1);
    expect(live).toMatchObject({ after: lastAlive, nodeId: NODE });

    // The snapshot's odds apply while the producer is down and show once its snapshot_complete came.
    await send(
      oddsChange(id, [oneXTwo([1.45, 4.4, 7])], {
        product: 1,
        status: status('31:02', 2, 0),
        requestId: live?.requestId ?? 0,
      }),
    );
    event = await eventOf(id);
    expect(marketOf(event, 1)).toMatchObject({ status: -1, outcomes: [{ odds: 1.45 }, {}, {}] });
    for (const r of standIn.recoveries.slice(recoveries))
      await publish({
        type: 'snapshot_complete',
        product: r.product,
        timestamp: next(),
        requestId: r.requestId ?? 0,
      });
    await until(() => book.monitor.isUp(1) && book.monitor.isUp(3), 'producers up again');
    await book.idle();
    event = await eventOf(id);
    expect(event).toMatchObject({ score: { home: 2, away: 0 }, clock: { match_time: '31:02' } });
    expect(marketOf(event, 1).status).toBe(1);
  });

  it('ignores a redelivered and an older message', async () => {
    const id = 'sr:match:1005';
    const first = oddsChange(id, [oneXTwo([2, 3.3, 3.8])]);
    await send(first);
    const { applied, duplicate, stale } = book.stats;
    const older = oddsChange(id, [oneXTwo([9, 9, 9])], { timestamp: first.timestamp - 1 });
    await send(first, older);
    expect(book.stats).toMatchObject({ applied, duplicate: duplicate + 1, stale: stale + 1 });
    const event = await eventOf(id);
    expect(marketOf(event, 1).outcomes.map((o: any) => o.odds)).toEqual([2, 3.3, 3.8]);
  });
});
