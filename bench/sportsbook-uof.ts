/**
 * bench:sportsbook's broker path (issue 38): the server runs the UOF adapter (UOF_AMQP_URL on RabbitMQ, its own
 * node id, UOF_API_URL on the REST stand-in this process serves), this process is the feed: it completes the
 * start's recoveries, keeps both producers alive, and publishes UOF XML on the `unifiedfeed` exchange.
 *   - messages applied per second: BENCH_UOF_MESSAGES odds_change messages (1X2 and a total each) over
 *     BENCH_UOF_EVENTS events, published with confirms as fast as they go, timed until the server applied the
 *     last of each event (sb_uof_event_order);
 *   - odds → socket p99 through AMQP: oddsStep with each change published on the broker instead of POSTed.
 */
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { createUofPublisher } from '../apps/server/src/modules/sportsbook/uof/amqp.ts';
import type { TUofMessage } from '../apps/server/src/modules/sportsbook/uof/message-types.ts';
import { startRestStandIn } from '../apps/server/src/modules/sportsbook/uof/rest-stand-in.ts';
import type { TFixture } from '../apps/server/src/modules/sportsbook/uof/rest-types.ts';
import { log } from './harness.ts';
import { oddsStep } from './sportsbook-odds.ts';

export const UOF_BROKER = process.env.BENCH_UOF_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672/';
const messages = Number(process.env.BENCH_UOF_MESSAGES ?? 5_000);
const events = Number(process.env.BENCH_UOF_EVENTS ?? 50);

const fixture = (id: string): TFixture => ({
  id,
  name: 'Home vs. Away',
  scheduled: new Date(Date.now() + 86_400_000).toISOString(),
  startTime: new Date(Date.now() + 86_400_000).toISOString(),
  status: 'not_started',
  sport: { id: 'sr:sport:1', name: 'Soccer' },
  tournament: { id: 'sr:tournament:1', name: 'Bench League' },
  competitors: [
    { id: `${id}:h`, name: 'Home', qualifier: 'home' },
    { id: `${id}:a`, name: 'Away', qualifier: 'away' },
  ],
  extraInfo: {},
});

/** Starts the stand-in; `env` is what the server needs to consume from the broker. */
export const startUofFeed = async () => {
  const token = `bench-${randomInt(1e9)}`;
  const nodeId = randomInt(1000, 9999);
  const ids = ['sr:match:9001', ...Array.from({ length: events }, (_, k) => `sr:match:${9100 + k}`)];
  const standIn = await startRestStandIn({
    token,
    fixtures: Object.fromEntries(ids.map((id) => [id, { en: fixture(id) }])),
    markets: { en: [] },
  });
  const publisher = await createUofPublisher({ url: UOF_BROKER });
  let seq = 0;
  /** Feed timestamps, strictly increasing. */
  const now = () => Date.now() + seq++;
  const publish = (message: TUofMessage) => publisher.publishMessage(message, { sportId: 1, nodeId });
  let alive: ReturnType<typeof setInterval> | undefined;
  return {
    env: {
      UOF_AMQP_URL: UOF_BROKER,
      UOF_API_URL: standIn.url,
      UOF_ACCESS_TOKEN: token,
      UOF_NODE_ID: String(nodeId),
    },
    /** Completes the server's start recoveries and keeps its producers up (an alive every 3 s). */
    async ready() {
      const end = Date.now() + 30_000;
      while (standIn.recoveries.length < 2) {
        if (Date.now() > end) throw new Error('the server asked no recovery');
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const r of standIn.recoveries)
        await publish({
          type: 'snapshot_complete',
          product: r.product,
          timestamp: Date.now(),
          requestId: r.requestId ?? 0,
        });
      const beat = () =>
        Promise.all(
          [1, 3].map((product) =>
            publish({ type: 'alive', product, timestamp: Date.now(), subscribed: true }),
          ),
        );
      await beat();
      alive = setInterval(() => void beat().catch(() => undefined), 3000);
    },
    /** Messages applied per second and the odds → socket p99 through the broker. */
    async measure(input: {
      port: number;
      serverPid: number;
      raw: pg.Client;
      sockets: number;
      changes: number;
    }) {
      const odds = (eventId: string, timestamp: number, price: number): TUofMessage => ({
        type: 'odds_change',
        product: 3,
        eventId,
        timestamp,
        markets: [
          {
            id: 1,
            specifiers: '',
            status: 1,
            outcomes: [
              { id: '1', odds: price, active: true },
              { id: '2', odds: 3.4, active: true },
              { id: '3', odds: 3.9, active: true },
            ],
          },
          {
            id: 18,
            specifiers: 'total=2.5',
            status: 1,
            outcomes: [
              { id: '12', odds: 1.9, active: true },
              { id: '13', odds: 1.9, active: true },
            ],
          },
        ],
      });
      const applied = async (last: Map<string, number>) => {
        const rows = (
          await input.raw.query<{ event_id: string; ts: string }>(
            `select event_id, ts::text from sb_uof_event_order where stream = 'odds' and event_id = any($1::text[])`,
            [[...last.keys()]],
          )
        ).rows;
        return rows.filter((r) => Number(r.ts) >= (last.get(r.event_id) ?? 0)).length === last.size;
      };
      const wait = async (last: Map<string, number>) => {
        const end = Date.now() + 120_000;
        while (!(await applied(last))) {
          if (Date.now() > end) throw new Error('the server did not apply the broker messages');
          await new Promise((r) => setTimeout(r, 5));
        }
      };
      // Every event first seen (its fixture fetched) before the timed run.
      const ids = Array.from({ length: events }, (_, k) => `sr:match:${9100 + k}`);
      const warm = new Map<string, number>();
      for (const id of [...ids, 'sr:match:9001']) {
        const ts = now();
        warm.set(id, ts);
        await publish(odds(id, ts, 2));
      }
      await wait(warm);

      const last = new Map<string, number>();
      const start = performance.now();
      for (let i = 0; i < messages; i++) {
        const id = ids[i % ids.length] as string;
        const ts = now();
        last.set(id, ts);
        await publish(odds(id, ts, 2 + (i % 50) / 100));
      }
      const published = performance.now() - start;
      await wait(last);
      const seconds = (performance.now() - start) / 1000;
      const perSecond = messages / seconds;
      log(
        `broker: ${messages} odds_change over ${events} events applied in ${seconds.toFixed(2)} s ` +
          `(${perSecond.toFixed(0)} messages/s; published in ${(published / 1000).toFixed(2)} s)`,
      );
      const p99 = await oddsStep({
        port: input.port,
        serverPid: input.serverPid,
        sockets: input.sockets,
        changes: input.changes,
        eventId: 'sr:match:9001',
        send: (price) => publish(odds('sr:match:9001', now(), price)),
      });
      return { perSecond, p99 };
    },
    async close() {
      if (alive) clearInterval(alive);
      await publisher.close();
      await standIn.close();
    },
  };
};
