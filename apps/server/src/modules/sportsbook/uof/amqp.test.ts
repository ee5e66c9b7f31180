/**
 * The consumer and the publisher: on an in-memory broker always (the exchange declared or found, bindings, acks
 * after the handler, reconnection with backoff), and on RabbitMQ in the PostgreSQL suite (DATABASE_URL set): UOF
 * XML published under UOF routing keys reaches the queue bound for its node, and nothing of another node does.
 */
import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createUofConsumer,
  createUofPublisher,
  ensureExchange,
  type TDelivery,
  UOF_EXCHANGE,
} from './amqp.ts';
import { createFakeBroker } from './fake-broker.ts';
import type { TUofMessage } from './message-types.ts';
import { parseUofMessage } from './parse-message.ts';
import { bindingKeys, routingKeyFor } from './routing-keys.ts';

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const ODDS: TUofMessage = {
  type: 'odds_change',
  product: 1,
  eventId: 'sr:match:31',
  timestamp: 1764000000000,
  markets: [{ id: 1, specifiers: '', status: 1, outcomes: [{ id: '1', odds: 2.5, active: true }] }],
};
const ALIVE: TUofMessage = { type: 'alive', product: 1, timestamp: 1764000000001, subscribed: true };

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('on an in-memory broker', () => {
  it('declares the unifiedfeed exchange when missing, and only checks it when it exists', async () => {
    const broker = createFakeBroker();
    const connection = await broker.connect('amqp://fake');
    expect(await ensureExchange(connection, UOF_EXCHANGE)).toBe('declared');
    expect(broker.hasExchange(UOF_EXCHANGE)).toBe(true);
    expect(await ensureExchange(connection, UOF_EXCHANGE)).toBe('existed');
    await connection.close();
  });

  it('binds its own queue with the routing keys, hands messages on, acknowledges each after its handler', async () => {
    const broker = createFakeBroker({ exchanges: [UOF_EXCHANGE] });
    const consumer = createUofConsumer({
      url: 'amqp://fake',
      bindingKeys: bindingKeys(7),
      connect: broker.connect,
    });
    closers.push(() => consumer.close());
    const received: TDelivery[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    consumer.onMessage(async (delivery) => {
      received.push(delivery);
      if (received.length === 1) await held;
    });
    await consumer.start();
    expect(broker.queues()).toEqual([
      { name: consumer.queueName(), bindings: bindingKeys(7), ready: 0, unacked: 0 },
    ]);
    const publisher = await createUofPublisher({ url: 'amqp://fake', connect: broker.connect });
    closers.push(() => publisher.close());
    await publisher.publishMessage(ODDS, { sportId: 1, nodeId: 7 });
    await publisher.publishMessage({ ...ODDS, timestamp: ODDS.timestamp + 1 }, { sportId: 1, nodeId: 8 }); // another node's
    await publisher.publishMessage(ALIVE);
    await until(() => received.length === 2);
    // The first is still being handled: not acknowledged yet.
    expect(broker.queues()[0]?.unacked).toBe(1);
    release();
    await until(() => broker.queues()[0]?.unacked === 0);
    expect(received.map((d) => d.routingKey)).toEqual([
      'hi.-.live.odds_change.1.sr:match.31.7',
      '-.-.-.alive.-.-.-.-',
    ]);
    expect(parseUofMessage(received[0]?.content ?? '')).toEqual(ODDS);
  });

  it('a handler that fails drops the session; the consumer reconnects with backoff and binds again', async () => {
    const broker = createFakeBroker({ exchanges: [UOF_EXCHANGE] });
    const consumer = createUofConsumer({
      url: 'amqp://fake',
      bindingKeys: bindingKeys(),
      connect: broker.connect,
      backoff: { initialMs: 5, maxMs: 20 },
    });
    closers.push(() => consumer.close());
    const changes: boolean[] = [];
    consumer.onConnectionChange((up) => changes.push(up));
    let fail = true;
    const handled: string[] = [];
    consumer.onMessage(async (delivery) => {
      if (fail) {
        fail = false;
        throw new Error('database unavailable');
      }
      handled.push(delivery.routingKey);
    });
    await consumer.start();
    const first = consumer.queueName();
    broker.publish(
      UOF_EXCHANGE,
      routingKeyFor(ODDS, { sportId: 1 }),
      '<alive product="1" timestamp="1" subscribed="1"/>',
    );
    await until(() => changes.length === 3);
    expect(changes).toEqual([true, false, true]);
    expect(consumer.queueName()).not.toBe(first);
    expect(broker.queues()).toHaveLength(1); // the old queue went with its connection
    broker.publish(UOF_EXCHANGE, '-.-.-.alive.-.-.-.-', '<alive product="1" timestamp="2" subscribed="1"/>');
    await until(() => handled.length === 1);
  });

  it('keeps trying while the broker refuses, and again after it dropped every connection; close stops it', async () => {
    const broker = createFakeBroker();
    broker.refuseConnections(3);
    const consumer = createUofConsumer({
      url: 'amqp://fake',
      bindingKeys: bindingKeys(),
      connect: broker.connect,
      backoff: { initialMs: 2, maxMs: 8 },
    });
    const changes: boolean[] = [];
    consumer.onConnectionChange((up) => changes.push(up));
    await consumer.start();
    expect(broker.stats).toEqual({ connects: 1, refused: 3 });
    expect(broker.hasExchange(UOF_EXCHANGE)).toBe(true); // a local broker: declared
    broker.refuseConnections(1);
    broker.dropConnections();
    await until(() => changes.length === 3);
    expect(changes).toEqual([true, false, true]);
    expect(broker.stats).toEqual({ connects: 2, refused: 4 });
    await consumer.close();
    expect(changes).toEqual([true, false, true, false]);
    expect(broker.openConnections()).toBe(0);
    broker.dropConnections();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(broker.stats.connects).toBe(2);
  });
});

const RABBIT = 'amqp://guest:guest@127.0.0.1:5672/';
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('on RabbitMQ', () => {
  it.skipIf(!onPostgres)(
    'UOF XML goes from the publisher to the queue bound for our node (skipped without DATABASE_URL: the PostgreSQL suite has RabbitMQ)',
    async () => {
      // An exchange of this test's own, declared by the consumer as on a local broker, deleted after.
      const exchange = `uof-test-${randomUUID()}`;
      closers.push(async () => {
        const admin = await connect(RABBIT);
        const channel = await admin.createChannel();
        await channel.deleteExchange(exchange);
        await admin.close();
      });
      const node = 4000 + Math.floor(Math.random() * 1000);
      const consumer = createUofConsumer({ url: RABBIT, exchange, bindingKeys: bindingKeys(node) });
      closers.push(() => consumer.close());
      const received: TDelivery[] = [];
      consumer.onMessage(async (delivery) => {
        received.push(delivery);
      });
      await consumer.start();
      const publisher = await createUofPublisher({ url: RABBIT, exchange });
      closers.push(() => publisher.close());
      const settlement: TUofMessage = {
        type: 'bet_settlement',
        product: 1,
        eventId: 'sr:match:31',
        timestamp: 1764000000500,
        certainty: 2,
        markets: [
          { id: 16, specifiers: 'hcp=-0.25', outcomes: [{ id: '1714', result: 1, voidFactor: 0.5 }] },
        ],
      };
      await publisher.publishMessage(ODDS, { sportId: 1 });
      await publisher.publishMessage({ ...ODDS, timestamp: 5 }, { sportId: 1, nodeId: node + 1 });
      await publisher.publishMessage(settlement, { sportId: 1, nodeId: node });
      await publisher.publishMessage(
        { type: 'snapshot_complete', product: 1, timestamp: 6, requestId: 9 },
        { nodeId: node + 1 },
      );
      await publisher.publishMessage(
        { type: 'snapshot_complete', product: 1, timestamp: 7, requestId: 8 },
        { nodeId: node },
      );
      await publisher.publishMessage(ALIVE);
      await until(() => received.length === 4);
      await new Promise((resolve) => setTimeout(resolve, 100)); // nothing else arrives
      expect(received.map((d) => d.routingKey)).toEqual([
        'hi.-.live.odds_change.1.sr:match.31.-',
        `lo.-.live.bet_settlement.1.sr:match.31.${node}`,
        `-.-.-.snapshot_complete.-.-.-.${node}`,
        '-.-.-.alive.-.-.-.-',
      ]);
      expect(received.map((d) => parseUofMessage(d.content))).toEqual([
        ODDS,
        settlement,
        { type: 'snapshot_complete', product: 1, timestamp: 7, requestId: 8 },
        ALIVE,
      ]);
    },
  );
});
