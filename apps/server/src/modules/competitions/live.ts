/**
 * Live updates of competitions on the bus (Redis across instances when REDIS_URL): standings and jackpot pools
 * change with every bet, so each instance announces "changed" at most once a second (trailing: the last change is
 * never lost) and the pages re-read; the /ws/live socket pushes these topics to the pages that ask for them.
 */
import type { TEventBus } from '../../platform/bus.ts';

export const STANDINGS_TOPIC = 'competitions.standings';
export const JACKPOTS_TOPIC = 'competitions.jackpots';
export const LIVE_INTERVAL_MS = 1_000;

export interface TThrottledPublisher {
  /** Marks a change; the event goes out within the interval, once for all changes marked meanwhile. */
  touch(payload?: Record<string, unknown>): void;
  stop(): void;
}

export const throttledPublisher = (
  bus: TEventBus,
  topic: string,
  report: (error: unknown) => void,
  intervalMs = LIVE_INTERVAL_MS,
): TThrottledPublisher => {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let pending: Record<string, unknown> = {};
  return {
    touch(payload = {}) {
      pending = { ...pending, ...payload };
      if (timer || stopped) return;
      timer = setTimeout(() => {
        timer = null;
        const out = pending;
        pending = {};
        bus.publish(topic, { ...out, at: new Date().toISOString() }).catch(report);
      }, intervalMs);
      timer.unref();
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
};
