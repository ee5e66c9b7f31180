/**
 * The UOF adapter's protocol side put together: the consumer's messages are parsed; `alive` and
 * `snapshot_complete` go to the producers' monitor (which asks the REST API for recoveries); each event message
 * goes through the per-event sequencer to the handler the book gives (part 2 wires the book's apply there). A
 * message that cannot be read is logged and dropped (acknowledged): it would fail the same way again.
 */
import type { TUofConsumer } from './amqp.ts';
import type { TOrderStore, TVerdict } from './event-order.ts';
import { createEventSequencer } from './event-order.ts';
import { isEventMessage, type TUofEventMessage } from './message-types.ts';
import { tryParseUofMessage } from './parse-message.ts';
import type { TProducerMonitor } from './producers.ts';

export interface TAdapterOptions<C> {
  consumer: TUofConsumer;
  monitor: TProducerMonitor;
  store: TOrderStore<C>;
  /** Applies one event message, in the store's transaction. */
  apply: (message: TUofEventMessage, tx: C) => Promise<void>;
  /**
   * Runs in the message's turn in its event's queue, before its transaction (the book fetches a new event's
   * fixture here, so no REST call holds a transaction open). A failure drops the session as a failed apply does.
   */
  prepare?: (message: TUofEventMessage) => Promise<void>;
  /** How often the producers' alive watchdog runs (ms; default 1 s). */
  tickMs?: number;
  log?: { warn(message: string): void };
  /** Told each event message's verdict once its transaction committed (the book's after-commit work; tests). */
  onVerdict?: (message: TUofEventMessage, verdict: TVerdict) => void | Promise<void>;
}

export const createUofAdapter = <C>(options: TAdapterOptions<C>) => {
  const { consumer, monitor } = options;
  const sequencer = createEventSequencer(options.store);
  let ticker: ReturnType<typeof setInterval> | undefined;
  /** Event messages handed on and not yet applied: an alive counts only once those before it are. */
  const inFlight = new Set<Promise<TVerdict>>();

  consumer.onConnectionChange((up) => {
    if (up) void monitor.connected();
    else monitor.disconnected();
  });
  consumer.onMessage(async (delivery) => {
    const parsed = tryParseUofMessage(delivery.content);
    if (!parsed.ok) {
      options.log?.warn(`uof: dropped a message on ${delivery.routingKey}: ${parsed.error.message}`);
      return;
    }
    const message = parsed.message;
    if (!isEventMessage(message)) {
      // An alive's timestamp becomes the next recovery's `after`: everything that came before it must have been
      // applied. If something failed, the session is being dropped and this alive does not count.
      const before = await Promise.allSettled([...inFlight]);
      if (before.some((r) => r.status === 'rejected')) return;
      await monitor.handle(message);
      return;
    }
    const run = sequencer.submit(message, options.apply, options.prepare);
    inFlight.add(run);
    try {
      // Awaited first: an optional call skips evaluating its arguments when there is nothing to call.
      const verdict = await run;
      await options.onVerdict?.(message, verdict);
    } finally {
      inFlight.delete(run);
    }
  });

  return {
    /** Connects (resolving at the first connection) and starts the watchdog. */
    async start() {
      ticker = setInterval(() => void monitor.tick(), options.tickMs ?? 1000);
      await consumer.start();
    },
    async close() {
      if (ticker) clearInterval(ticker);
      ticker = undefined;
      await consumer.close();
    },
    onProducerDown: (listener: (product: number) => void) => monitor.on('producerDown', listener),
    onProducerUp: (listener: (product: number) => void) => monitor.on('producerUp', listener),
  };
};
