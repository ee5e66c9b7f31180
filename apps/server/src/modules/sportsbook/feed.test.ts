/** The odds feed over HTTP: signatures, the model it builds, redelivered and stale messages, bet stops, alive. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { signFeedBody } from './feed.ts';
import { feedClient } from './sportsbook-test-helpers.ts';
import { checkAlive } from './watchdog.ts';

let t: TTestApp;
let feed: ReturnType<typeof feedClient>;
const visitor = () => apiClient(t.app);

beforeAll(async () => {
  t = await createTestApp({ env: { SPORTSBOOK_LIVE_DELAY_MS: '0' } });
  feed = feedClient(t.app);
}, 180_000);
afterAll(() => t.close());

const outcome = (event: any, market: number, id: string, specifiers = '') =>
  event.markets
    .find((m: any) => m.id === market && m.specifiers === specifiers)
    ?.outcomes.find((o: any) => o.id === id);

describe('feed endpoint', () => {
  it('refuses a bad or missing signature with 401 and changes nothing', async () => {
    const body = {
      type: 'fixture',
      event_id: 'sig-1',
      sport: 'football',
      competitors: [{ id: 'a', name: 'A' }],
      start_time: '2026-12-01T12:00:00Z',
    };
    expect((await feed.send(body, 'sha256=' + '0'.repeat(64))).status).toBe(401);
    expect((await feed.send(body, 'nonsense')).status).toBe(401);
    const wrongSecret = signFeedBody('another-secret-entirely', JSON.stringify(body));
    expect((await feed.send(body, wrongSecret)).status).toBe(401);
    const raw = await t.app.inject({
      method: 'POST',
      url: '/feed/sportsbook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ ...body, message_id: 'x', timestamp: 1 }),
    });
    expect(raw.statusCode).toBe(401);
    expect((await visitor().get('sportsbook.getEvent', { id: 'sig-1' })).error.type).toBe(
      'InvalidParameterException',
    );
  });

  it('answers 400 to a signed message that is not one, 200 {ok:true} to a good one', async () => {
    const bad = await feed.send({ type: 'odds_change', markets: 'nope' });
    expect(bad.status).toBe(400);
    const good = await feed.send({
      type: 'fixture',
      event_id: 'ok-1',
      sport: 'tennis',
      competitors: [
        { id: 'p1', name: 'Player One' },
        { id: 'p2', name: 'Player Two' },
      ],
      start_time: '2026-12-01T12:00:00Z',
    });
    expect(good).toEqual({ status: 200, body: { ok: true } });
  });

  it('builds events and markets the player calls show, with UOF names', async () => {
    await feed.football('model-1', [1.85, 3.4, 4.2]);
    const sports = (await visitor().get('sportsbook.getSports')).data.items;
    expect(sports.find((s: any) => s.id === 'football')).toMatchObject({ name: 'Football' });
    const event = (await visitor().get('sportsbook.getEvent', { id: 'model-1' })).data;
    expect(event).toMatchObject({
      id: 'model-1',
      sport: 'football',
      tournament: 'Test League',
      status: 'not_started',
      competitors: [{ name: 'Home model-1' }, { name: 'Away model-1' }],
    });
    expect(event.markets.map((m: any) => [m.id, m.specifiers, m.name, m.status])).toEqual([
      [1, '', '1X2', 1],
      [18, 'total=2.5', 'Total 2.5', 1],
    ]);
    expect(outcome(event, 1, '1')).toEqual({ id: '1', name: 'Home model-1', odds: 1.85, active: true });
    expect(outcome(event, 18, '12', 'total=2.5')).toMatchObject({ name: 'Over 2.5', odds: 1.9 });
    const list = (await visitor().get('sportsbook.getEvents', { sport: 'football', status: 'prematch' }))
      .data;
    const item = list.items.find((e: any) => e.id === 'model-1');
    expect(item.main_market).toMatchObject({ id: 1, name: '1X2' });
    expect((await visitor().get('sportsbook.getEvents', { status: 'live' })).data.items).toEqual([]);
  });

  it('ignores a redelivered message_id and a message older than the last one applied to the market', async () => {
    await feed.football('order-1');
    const now = t.clock.now().getTime();
    const change = (odds: number, timestamp: number, message_id: string) =>
      feed.ok({
        type: 'odds_change',
        event_id: 'order-1',
        message_id,
        timestamp,
        markets: [{ id: 1, specifiers: '', status: 1, outcomes: [{ id: '1', odds }] }],
      });
    await change(2.5, now + 10_000, 'order-a');
    await change(9.9, now + 20_000, 'order-a'); // redelivered id: ignored
    await change(1.1, now + 5_000, 'order-b'); // older than the last applied: ignored
    let event = (await visitor().get('sportsbook.getEvent', { id: 'order-1' })).data;
    expect(outcome(event, 1, '1').odds).toBe(2.5);
    await change(2.75, now + 30_000, 'order-c');
    event = (await visitor().get('sportsbook.getEvent', { id: 'order-1' })).data;
    expect(outcome(event, 1, '1').odds).toBe(2.75);
  });

  it('bet_stop suspends the listed markets, or every market of the event when none is listed', async () => {
    await feed.football('stop-1');
    await feed.ok({ type: 'bet_stop', event_id: 'stop-1', markets: [{ id: 18, specifiers: 'total=2.5' }] });
    let event = (await visitor().get('sportsbook.getEvent', { id: 'stop-1' })).data;
    expect(event.markets.map((m: any) => m.status)).toEqual([1, -1]);
    await feed.ok({ type: 'bet_stop', event_id: 'stop-1' });
    event = (await visitor().get('sportsbook.getEvent', { id: 'stop-1' })).data;
    expect(event.markets.map((m: any) => m.status)).toEqual([-1, -1]);
  });

  it('odds_change moves the event live with a score', async () => {
    await feed.football('live-1');
    await feed.ok({
      type: 'odds_change',
      event_id: 'live-1',
      event_status: 'live',
      score: { home: 1, away: 0 },
    });
    const live = (await visitor().get('sportsbook.getEvents', { status: 'live' })).data.items;
    expect(live.find((e: any) => e.id === 'live-1')).toMatchObject({
      status: 'live',
      score: { home: 1, away: 0 },
    });
  });

  it("takes UOF's active 0|1 beside true|false, odds exact to the thousandth, and a match clock", async () => {
    await feed.football('active-1');
    const answer = await feed.send({
      type: 'odds_change',
      event_id: 'active-1',
      event_status: 'live',
      clock: { match_time: '12:05', match_status: 6 },
      markets: [
        {
          id: 1,
          outcomes: [
            { id: '1', odds: 1.0005, active: 1 },
            { id: '2', odds: 3.25, active: 0 },
            { id: '3', odds: 4.1, active: true },
          ],
        },
      ],
    });
    expect(answer.status).toBe(200);
    const event = (await visitor().get('sportsbook.getEvent', { id: 'active-1' })).data;
    expect(outcome(event, 1, '1')).toMatchObject({ odds: 1.001, active: true });
    expect(outcome(event, 1, '2')).toMatchObject({ odds: 3.25, active: false });
    expect(outcome(event, 1, '3')).toMatchObject({ odds: 4.1, active: true });
    expect(event.clock).toMatchObject({ match_time: '12:05', stopped: false, period: '1st half' });
    const refused = await feed.send({
      type: 'odds_change',
      event_id: 'active-1',
      markets: [{ id: 1, outcomes: [{ id: '1', odds: 2, active: 2 }] }],
    });
    expect(refused.status).toBe(400);
  });

  it('suspends every live market when no alive message came within the timeout, until one does', async () => {
    await feed.football('alive-1', [2, 3, 4], { live: true });
    await feed.football('alive-pre', [2, 3, 4]);
    await feed.ok({ type: 'alive' });
    expect(await checkAlive(t.app.ctx)).toMatchObject({ alive: true });
    t.clock.advance(t.app.ctx.config.SPORTSBOOK_ALIVE_TIMEOUT_MS + 1000);
    expect(await checkAlive(t.app.ctx)).toMatchObject({ alive: false });
    const live = (await visitor().get('sportsbook.getEvent', { id: 'alive-1' })).data;
    expect(live.markets.map((m: any) => m.status)).toEqual([-1, -1]);
    const prematch = (await visitor().get('sportsbook.getEvent', { id: 'alive-pre' })).data;
    expect(prematch.markets.map((m: any) => m.status)).toEqual([1, 1]);
    await feed.ok({ type: 'alive' });
    await checkAlive(t.app.ctx);
    const back = (await visitor().get('sportsbook.getEvent', { id: 'alive-1' })).data;
    expect(back.markets.map((m: any) => m.status)).toEqual([1, 1]);
  });
});
