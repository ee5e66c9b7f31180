/** The event bus: in-process by default, Redis pub/sub when REDIS_URL is set, so every instance hears every event. */
import { EventEmitter } from 'node:events';
import type { TRedis } from './redis.ts';

export interface TBusEvent {
  topic: string;
  payload: unknown;
}
export type TBusListener = (event: TBusEvent) => void;

export interface TEventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(listener: TBusListener): () => void;
  close(): Promise<void>;
}

export const memoryBus = (): TEventBus => {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(topic, payload) {
      emitter.emit('event', { topic, payload });
    },
    subscribe(listener) {
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
};

export const redisBus = (publisher: TRedis, subscriber: TRedis, channel: string): TEventBus => {
  const local = memoryBus();
  void subscriber.subscribe(channel);
  subscriber.on('message', (received: string, message: string) => {
    if (received !== channel) return;
    try {
      const event = JSON.parse(message) as TBusEvent;
      void local.publish(event.topic, event.payload);
    } catch {
      /* a foreign message on our channel is ignored */
    }
  });
  return {
    async publish(topic, payload) {
      await publisher.publish(channel, JSON.stringify({ topic, payload }));
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      subscriber.disconnect();
    },
  };
};
