/**
 * Whether anyone cares about the shared tables right now, as this instance knows it: its own /ws/live watchers,
 * and the last sign of interest on any instance (a watcher, a table call, a bet, an open bet), shared on the bus
 * so that every instance ticks while a player is on any of them. The tables' clocks sleep when nobody is
 * interested (table-clock.ts).
 */
import type { TAppContext } from '../../../platform/context.ts';

export const TABLE_INTEREST_TOPIC = 'live.tables.interest';
/** How long the tables stay awake after the last sign of interest anywhere. */
export const IDLE_GRACE_MS = 30_000;
/** An instance repeats its interest on the bus at most this often (well inside the grace). */
const ANNOUNCE_MS = 10_000;

export type TTableInterest = {
  /** A socket started watching; answers the function that ends it. */
  watch(): () => void;
  /** Interest now (a call, a bet, a watcher, an open bet): heard here and announced to every instance. */
  touch(): void;
  /** Repeats this instance's watchers on the bus (the clocks call it on every turn). */
  renew(): void;
  isInterested(now: number): boolean;
  /** Called whenever interest is heard, here or from another instance. */
  onInterest(listener: () => void): void;
  close(): void;
};

export const createTableInterest = (ctx: Pick<TAppContext, 'bus' | 'providers'>): TTableInterest => {
  let watchers = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  let announcedAt = Number.NEGATIVE_INFINITY;
  const listeners: (() => void)[] = [];
  const now = () => ctx.providers.clock.now().getTime();

  // Other instances' clocks differ from ours: interest counts from when we hear it.
  const heard = () => {
    lastAt = now();
    for (const listener of listeners) listener();
  };
  const announce = () => {
    if (now() - announcedAt < ANNOUNCE_MS) return;
    announcedAt = now();
    ctx.bus.publish(TABLE_INTEREST_TOPIC, {}).catch(() => {
      /* the bus is down: this instance ticks for its own players all the same */
    });
  };
  const unsubscribe = ctx.bus.subscribe((event) => {
    if (event.topic === TABLE_INTEREST_TOPIC) heard();
  });
  const touch = () => {
    heard();
    announce();
  };

  return {
    watch() {
      watchers++;
      touch();
      let watching = true;
      return () => {
        if (watching) watchers--;
        watching = false;
        lastAt = now(); // the grace counts from when the watcher left
      };
    },
    touch,
    renew() {
      if (watchers > 0) announce();
    },
    isInterested: (at) => watchers > 0 || at - lastAt < IDLE_GRACE_MS,
    onInterest(listener) {
      listeners.push(listener);
    },
    close: unsubscribe,
  };
};
