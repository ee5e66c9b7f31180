/**
 * An AMQP broker in memory, for the PGlite suite (the PostgreSQL suite uses RabbitMQ): topic exchanges, server-named
 * exclusive queues that go with their connection, bindings, deliveries, acks and publisher confirms, through the
 * subset of amqplib that amqp.ts uses. It can refuse connections and drop them, as a broker going away does.
 */
import { EventEmitter } from 'node:events';
import type { TAmqpConfirmChannel, TAmqpConnect, TAmqpConnection, TAmqpMessage } from './amqp.ts';
import { topicMatches } from './routing-keys.ts';

interface TQueue {
  name: string;
  owner: TAmqpConnection;
  bindings: { exchange: string; pattern: string }[];
  ready: TAmqpMessage[];
  unacked: Set<TAmqpMessage>;
  consumer?: (message: TAmqpMessage | null) => void;
}

export const createFakeBroker = (options: { exchanges?: string[] } = {}) => {
  const exchanges = new Set(options.exchanges ?? []);
  const queues = new Map<string, TQueue>();
  const connections = new Set<{ model: TAmqpConnection; drop: (error?: Error) => void }>();
  let refuse = 0;
  let queueCount = 0;
  let tag = 0;
  const stats = { connects: 0, refused: 0 };

  const flush = (queue: TQueue) => {
    while (queue.consumer && queue.ready.length > 0) {
      const message = queue.ready.shift() as TAmqpMessage;
      queue.unacked.add(message);
      const consumer = queue.consumer;
      queueMicrotask(() => consumer(message));
    }
  };

  const route = (exchange: string, routingKey: string, content: Buffer) => {
    if (!exchanges.has(exchange)) throw new Error(`NOT_FOUND - no exchange '${exchange}'`);
    for (const queue of queues.values()) {
      if (queue.bindings.some((b) => b.exchange === exchange && topicMatches(b.pattern, routingKey))) {
        queue.ready.push({ content, fields: { routingKey, redelivered: false, deliveryTag: ++tag } });
        flush(queue);
      }
    }
  };

  const connect: TAmqpConnect = async () => {
    if (refuse > 0) {
      refuse -= 1;
      stats.refused += 1;
      throw new Error('connect ECONNREFUSED (fake broker)');
    }
    stats.connects += 1;
    const events = new EventEmitter();
    let open = true;
    const drop = (error?: Error) => {
      if (!open) return;
      open = false;
      for (const [name, queue] of queues) if (queue.owner === model) queues.delete(name);
      if (error) events.emit('error', error);
      events.emit('close', error);
      connections.delete(entry);
    };
    const channel = (): TAmqpConfirmChannel => {
      const channelEvents = new EventEmitter();
      let channelOpen = true;
      const guard = () => {
        if (!open || !channelOpen) throw new Error('Channel closed');
      };
      return {
        async checkExchange(exchange) {
          guard();
          if (exchanges.has(exchange)) return {};
          channelOpen = false;
          const error = new Error(`Channel closed by server: 404 (NOT-FOUND) no exchange '${exchange}'`);
          channelEvents.emit('error', error);
          channelEvents.emit('close');
          throw error;
        },
        async assertExchange(exchange) {
          guard();
          exchanges.add(exchange);
          return {};
        },
        async assertQueue(name, queueOptions) {
          guard();
          if (!queueOptions.exclusive) throw new Error('the fake broker has exclusive queues only');
          const queueName = name || `amq.gen-${++queueCount}`;
          queues.set(queueName, {
            name: queueName,
            owner: model,
            bindings: [],
            ready: [],
            unacked: new Set(),
          });
          return { queue: queueName };
        },
        async bindQueue(queue, exchange, pattern) {
          guard();
          if (!exchanges.has(exchange)) throw new Error(`NOT_FOUND - no exchange '${exchange}'`);
          queues.get(queue)?.bindings.push({ exchange, pattern });
          return {};
        },
        async prefetch() {
          guard();
          return {};
        },
        async consume(name, onMessage) {
          guard();
          const queue = queues.get(name);
          if (!queue) throw new Error(`NOT_FOUND - no queue '${name}'`);
          queue.consumer = onMessage;
          flush(queue);
          return {};
        },
        ack(message) {
          guard();
          for (const queue of queues.values()) queue.unacked.delete(message);
        },
        publish(exchange, routingKey, content) {
          guard();
          route(exchange, routingKey, content);
          return true;
        },
        async waitForConfirms() {
          guard();
        },
        async close() {
          channelOpen = false;
          channelEvents.emit('close');
        },
        on(event, listener) {
          channelEvents.on(event, listener);
          return this;
        },
      };
    };
    const model: TAmqpConnection = {
      createChannel: async () => channel(),
      createConfirmChannel: async () => channel(),
      close: async () => drop(),
      on(event, listener) {
        events.on(event, listener);
        return model;
      },
    };
    const entry = { model, drop };
    connections.add(entry);
    return model;
  };

  return {
    connect,
    stats,
    hasExchange: (name: string) => exchanges.has(name),
    /** Publishes as a producer would (the exchange must exist). */
    publish: (exchange: string, routingKey: string, content: string) =>
      route(exchange, routingKey, Buffer.from(content, 'utf8')),
    /** The next `count` connection attempts are refused. */
    refuseConnections: (count: number) => {
      refuse = count;
    },
    /** Every connection is dropped, as when the broker restarts (exclusive queues and their messages go). */
    dropConnections: () => {
      for (const { drop } of [...connections])
        drop(new Error('CONNECTION_FORCED - broker forced connection closure'));
    },
    queues: () =>
      [...queues.values()].map((q) => ({
        name: q.name,
        bindings: q.bindings.map((b) => b.pattern),
        ready: q.ready.length,
        unacked: q.unacked.size,
      })),
    openConnections: () => connections.size,
  };
};

export type TFakeBroker = ReturnType<typeof createFakeBroker>;
