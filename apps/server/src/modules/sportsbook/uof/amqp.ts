/**
 * The AMQP side of UOF (amqplib): a consumer that binds a queue of its own (exclusive, deleted with its
 * connection) to the topic exchange `unifiedfeed` with UOF's routing keys, hands each message on and acknowledges
 * it after, and reconnects with backoff; and a publisher (tests, the simulator). On Sportradar's broker the
 * exchange exists (declared passively); on a local broker it is declared when missing (topic, durable).
 */
import { connect as amqpConnect } from 'amqplib';
import { buildUofXml } from './build-message.ts';
import type { TUofMessage } from './message-types.ts';
import { routingKeyFor } from './routing-keys.ts';

export const UOF_EXCHANGE = 'unifiedfeed';

/** The parts of amqplib this file uses (a fake broker in the PGlite suite implements the same). */
export interface TAmqpMessage {
  content: Buffer;
  fields: { routingKey: string; redelivered: boolean; deliveryTag: number };
}
export interface TAmqpChannel {
  checkExchange(exchange: string): Promise<unknown>;
  assertExchange(exchange: string, type: string, options: { durable: boolean }): Promise<unknown>;
  assertQueue(
    queue: string,
    options: { exclusive: boolean; autoDelete: boolean },
  ): Promise<{ queue: string }>;
  bindQueue(queue: string, exchange: string, pattern: string): Promise<unknown>;
  prefetch(count: number): Promise<unknown>;
  consume(queue: string, onMessage: (message: TAmqpMessage | null) => void): Promise<unknown>;
  ack(message: TAmqpMessage): void;
  publish(exchange: string, routingKey: string, content: Buffer, options?: object): boolean;
  close(): Promise<void>;
  on(event: 'close' | 'error', listener: (error?: Error) => void): unknown;
}
export interface TAmqpConfirmChannel extends TAmqpChannel {
  waitForConfirms(): Promise<void>;
}
export interface TAmqpConnection {
  createChannel(): Promise<TAmqpChannel>;
  createConfirmChannel(): Promise<TAmqpConfirmChannel>;
  close(): Promise<void>;
  on(event: 'close' | 'error', listener: (error?: Error) => void): unknown;
}
export type TAmqpConnect = (url: string) => Promise<TAmqpConnection>;

const realConnect: TAmqpConnect = async (url) => (await amqpConnect(url)) as unknown as TAmqpConnection;

export interface TLog {
  info(message: string): void;
  warn(message: string): void;
}
const silent: TLog = { info: () => undefined, warn: () => undefined };

/** Declares the exchange passively; when the broker has none (a local one), declares it: topic, durable. */
export const ensureExchange = async (connection: TAmqpConnection, exchange: string) => {
  const probe = await connection.createChannel();
  probe.on('error', () => undefined); // a 404 closes the channel; that answer is the point of the probe
  try {
    await probe.checkExchange(exchange);
    await probe.close().catch(() => undefined);
    return 'existed' as const;
  } catch {
    const channel = await connection.createChannel();
    await channel.assertExchange(exchange, 'topic', { durable: true });
    await channel.close();
    return 'declared' as const;
  }
};

export interface TDelivery {
  routingKey: string;
  content: Buffer;
  redelivered: boolean;
}

export interface TConsumerOptions {
  url: string;
  bindingKeys: string[];
  exchange?: string;
  /** Messages handed on at once (across events; each event's order is event-order.ts's). */
  prefetch?: number;
  /** Reconnect delays: the first, doubled each failed attempt up to the last. */
  backoff?: { initialMs: number; maxMs: number };
  connect?: TAmqpConnect;
  log?: TLog;
}

export const createUofConsumer = (options: TConsumerOptions) => {
  const exchange = options.exchange ?? UOF_EXCHANGE;
  const backoff = options.backoff ?? { initialMs: 1000, maxMs: 30_000 };
  const connect = options.connect ?? realConnect;
  const log = options.log ?? silent;
  const handlers = new Set<(delivery: TDelivery) => Promise<void>>();
  const connectionListeners = new Set<(up: boolean) => void>();
  let connection: TAmqpConnection | undefined;
  let queue: string | undefined;
  let closing = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let firstConnect: { resolve: () => void } | undefined;

  const announce = (up: boolean) => {
    for (const listener of connectionListeners) listener(up);
  };

  const deliver = async (channel: TAmqpChannel, current: TAmqpConnection, message: TAmqpMessage) => {
    const delivery = {
      routingKey: message.fields.routingKey,
      content: message.content,
      redelivered: message.fields.redelivered,
    };
    try {
      for (const handler of handlers) await handler(delivery);
      channel.ack(message);
    } catch (error) {
      // Not acknowledged: the session is dropped with its queue, and the producers' recovery sends it again.
      log.warn(`uof: a message on ${delivery.routingKey} failed (${(error as Error).message}); reconnecting`);
      if (connection === current) await current.close().catch(() => undefined);
    }
  };

  const open = async () => {
    const current = await connect(options.url);
    try {
      current.on('error', (error) => log.warn(`uof: connection error: ${error?.message ?? 'unknown'}`));
      await ensureExchange(current, exchange);
      const channel = await current.createChannel();
      channel.on('error', (error) => log.warn(`uof: channel error: ${error?.message ?? 'unknown'}`));
      await channel.prefetch(options.prefetch ?? 256);
      const declared = await channel.assertQueue('', { exclusive: true, autoDelete: true });
      for (const key of options.bindingKeys) await channel.bindQueue(declared.queue, exchange, key);
      await channel.consume(declared.queue, (message) => {
        if (message) void deliver(channel, current, message);
      });
      // A channel closed by the broker (a channel error) ends the session: reconnect cleanly.
      channel.on('close', () => {
        if (connection === current) void current.close().catch(() => undefined);
      });
      current.on('close', () => {
        if (connection !== current) return;
        connection = undefined;
        queue = undefined;
        announce(false);
        if (!closing) schedule();
      });
      return { current, queue: declared.queue };
    } catch (error) {
      await current.close().catch(() => undefined);
      throw error;
    }
  };

  const schedule = () => {
    const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.min(attempt, 20));
    attempt += 1;
    timer = setTimeout(() => void tryConnect(), delay);
  };

  const tryConnect = async () => {
    timer = undefined;
    if (closing) return;
    try {
      const opened = await open();
      if (closing) {
        await opened.current.close().catch(() => undefined);
        return;
      }
      connection = opened.current;
      queue = opened.queue;
      attempt = 0;
      log.info(`uof: consuming ${exchange} on ${queue} (${options.bindingKeys.join(', ')})`);
      announce(true);
      firstConnect?.resolve();
      firstConnect = undefined;
    } catch (error) {
      log.warn(`uof: cannot connect (${(error as Error).message}); retrying`);
      schedule();
    }
  };

  return {
    /** Hands each message to `handler`; it is acknowledged once every handler resolved. */
    onMessage(handler: (delivery: TDelivery) => Promise<void>) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    /** Told true at each (re)connection, false at each loss. */
    onConnectionChange(listener: (up: boolean) => void) {
      connectionListeners.add(listener);
      return () => connectionListeners.delete(listener);
    },
    /** Connects (retrying with backoff); resolves at the first connection. */
    start() {
      closing = false;
      const connected = new Promise<void>((resolve) => {
        firstConnect = { resolve };
      });
      void tryConnect();
      return connected;
    },
    isConnected: () => connection !== undefined,
    queueName: () => queue,
    async close() {
      closing = true;
      firstConnect?.resolve();
      firstConnect = undefined;
      if (timer) clearTimeout(timer);
      timer = undefined;
      const current = connection;
      connection = undefined;
      queue = undefined;
      if (current) {
        await current.close().catch(() => undefined);
        announce(false);
      }
    },
  };
};

export type TUofConsumer = ReturnType<typeof createUofConsumer>;

/** Publishes UOF XML on the exchange, each message confirmed by the broker. */
export const createUofPublisher = async (options: {
  url: string;
  exchange?: string;
  connect?: TAmqpConnect;
}) => {
  const exchange = options.exchange ?? UOF_EXCHANGE;
  const connection = await (options.connect ?? realConnect)(options.url);
  connection.on('error', () => undefined);
  await ensureExchange(connection, exchange);
  const channel = await connection.createConfirmChannel();
  const publish = async (routingKey: string, xml: string | Buffer) => {
    channel.publish(exchange, routingKey, Buffer.isBuffer(xml) ? xml : Buffer.from(xml, 'utf8'), {
      contentType: 'text/xml',
      timestamp: Math.floor(Date.now() / 1000),
    });
    await channel.waitForConfirms();
  };
  return {
    publish,
    /** A typed message, under the routing key Sportradar would use. */
    publishMessage: (message: TUofMessage, key: { sportId?: number; nodeId?: number } = {}) =>
      publish(routingKeyFor(message, key), buildUofXml(message)),
    close: () => connection.close().catch(() => undefined),
  };
};
