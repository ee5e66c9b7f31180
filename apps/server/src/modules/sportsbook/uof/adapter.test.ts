/**
 * The protocol side end to end on the in-memory broker and the REST stand-in: recovery at the start, producers up
 * at their snapshot_complete, odds applied once (a redelivered and an older message change nothing), a malformed
 * message dropped, and a disconnect: producers down, recovery after the last processed alive, up again.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/providers.ts';
import { createUofAdapter } from './adapter.ts';
import { createUofConsumer, UOF_EXCHANGE } from './amqp.ts';
import { buildUofXml } from './build-message.ts';
import { memoryOrderStore } from './event-order.ts';
import { createFakeBroker } from './fake-broker.ts';
import type { TUofMessage } from './message-types.ts';
import { createProducerMonitor } from './producers.ts';
import { createUofRestClient } from './rest-client.ts';
import { startRestStandIn } from './rest-stand-in.ts';
import { bindingKeys, routingKeyFor } from './routing-keys.ts';

/** Feed timestamps near the clock: a recovery's `after` must be within the producer's window. */
const T0 = Date.parse('2026-11-21T12:00:00Z');

let standIn: Awaited<ReturnType<typeof startRestStandIn>>;
beforeAll(async () => {
  standIn = await startRestStandIn({ token: 'tok' });
});
afterAll(() => standIn.close());

const until = async (check: () => boolean) => {
  const end = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

it('recovers, applies each event message once and in order, and recovers again after a disconnect', async () => {
  const broker = createFakeBroker({ exchanges: [UOF_EXCHANGE] });
  const clock = fixedClock(new Date(T0));
  const rest = createUofRestClient({ apiUrl: standIn.url, accessToken: 'tok' });
  const consumer = createUofConsumer({
    url: 'amqp://fake',
    bindingKeys: bindingKeys(3),
    connect: broker.connect,
    backoff: { initialMs: 2, maxMs: 10 },
  });
  const monitor = createProducerMonitor({ clock, nodeId: 3, requestRecovery: rest.requestRecovery });
  const applied: string[] = [];
  const warnings: string[] = [];
  const adapter = createUofAdapter({
    consumer,
    monitor,
    store: memoryOrderStore(),
    apply: async (m) => {
      applied.push(`${m.type}@${m.timestamp}`);
    },
    log: { warn: (w) => warnings.push(w) },
    tickMs: 60_000,
  });
  const producerEvents: string[] = [];
  adapter.onProducerUp((p) => producerEvents.push(`up ${p}`));
  adapter.onProducerDown((p) => producerEvents.push(`down ${p}`));
  const send = (message: TUofMessage) =>
    broker.publish(UOF_EXCHANGE, routingKeyFor(message, { sportId: 1, nodeId: 3 }), buildUofXml(message));

  await adapter.start();
  await until(() => standIn.recoveries.length === 2);
  expect(standIn.recoveries.map((r) => [r.product, r.nodeId, r.after])).toEqual([
    [1, 3, undefined],
    [3, 3, undefined],
  ]);
  for (const r of standIn.recoveries)
    send({ type: 'snapshot_complete', product: r.product, timestamp: 1, requestId: r.requestId ?? 0 });
  await until(() => producerEvents.length === 2);

  const odds = (timestamp: number): TUofMessage => ({
    type: 'odds_change',
    product: 1,
    eventId: 'sr:match:5',
    timestamp,
    markets: [{ id: 1, specifiers: '', status: 1, outcomes: [{ id: '1', odds: 1.9, active: true }] }],
  });
  send({ type: 'alive', product: 1, timestamp: T0 - 5000, subscribed: true });
  send(odds(T0 - 4000));
  send(odds(T0 - 4000)); // redelivered
  send(odds(T0 - 4500)); // older
  broker.publish(UOF_EXCHANGE, 'hi.-.live.odds_change.1.sr:match.5.-', '<odds_change product="1"');
  send({
    type: 'bet_stop',
    product: 1,
    eventId: 'sr:match:5',
    timestamp: T0 - 3000,
    groups: ['all'],
    marketStatus: -1,
  });
  await until(() => applied.length === 2 && warnings.length === 1);
  expect(applied).toEqual([`odds_change@${T0 - 4000}`, `bet_stop@${T0 - 3000}`]);
  expect(warnings[0]).toMatch(/dropped a message on hi.-.live.odds_change.1.sr:match.5.-: malformed XML/);
  await until(() => broker.queues()[0]?.unacked === 0);

  broker.dropConnections();
  await until(() => standIn.recoveries.length === 4);
  expect(producerEvents).toEqual(['up 1', 'up 3', 'down 1', 'down 3']);
  expect(standIn.recoveries[2]).toMatchObject({ product: 1, after: T0 - 5000, nodeId: 3 });
  send({
    type: 'snapshot_complete',
    product: 1,
    timestamp: 2,
    requestId: standIn.recoveries[2]?.requestId ?? 0,
  });
  await until(() => producerEvents.length === 5);
  expect(producerEvents.at(-1)).toBe('up 1');
  await adapter.close();
  expect(broker.openConnections()).toBe(0);
});

it("an alive counts (becomes the next recovery's `after`) only once the messages before it were applied", async () => {
  const broker = createFakeBroker({ exchanges: [UOF_EXCHANGE] });
  const clock = fixedClock(new Date(T0));
  const rest = createUofRestClient({ apiUrl: standIn.url, accessToken: 'tok' });
  const consumer = createUofConsumer({
    url: 'amqp://fake',
    bindingKeys: bindingKeys(),
    connect: broker.connect,
  });
  const monitor = createProducerMonitor({ clock, products: [1], requestRecovery: rest.requestRecovery });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const adapter = createUofAdapter({
    consumer,
    monitor,
    store: memoryOrderStore(),
    apply: () => held,
    tickMs: 60_000,
  });
  const send = (message: TUofMessage) =>
    broker.publish(UOF_EXCHANGE, routingKeyFor(message, { sportId: 1 }), buildUofXml(message));
  const before = standIn.recoveries.length;
  await adapter.start();
  await until(() => standIn.recoveries.length === before + 1);
  send({
    type: 'snapshot_complete',
    product: 1,
    timestamp: 1,
    requestId: standIn.recoveries.at(-1)?.requestId ?? 0,
  });
  await until(() => monitor.isUp(1));
  send({ type: 'odds_change', product: 1, eventId: 'sr:match:6', timestamp: T0 - 2000, markets: [] });
  send({ type: 'alive', product: 1, timestamp: T0 - 1000, subscribed: true });
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(monitor.state(1)?.lastProcessed).toBeUndefined();
  release();
  await until(() => monitor.state(1)?.lastProcessed === T0 - 1000);
  await adapter.close();
});
