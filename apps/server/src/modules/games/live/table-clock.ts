/**
 * The timer of one kind of shared table on this instance (ctx.jobs.every): a full tick when a deadline it knows of
 * is due or every `fullTickMs`, one at a time. It sleeps while nobody is interested (table-interest.ts) and no bet
 * is in play: a turn of a sleeping timer reads only memory. Interest wakes it at once with a catch-up tick.
 */
import type { TAppContext } from '../../../platform/context.ts';
import type { TTableInterest } from './table-interest.ts';

export type TTableClock = {
  /** Wakes a sleeping clock; answers once its catch-up tick is done (the tables are current). */
  wake(): Promise<void>;
};

export type TTableKind = {
  name: string;
  intervalMs: number;
  fullTickMs: number;
  /** One turn of every table of the kind; answers its next deadline (ms since the epoch). */
  tick(): Promise<number>;
  /** Whether a bet is open or its round still running: then the tables must not sleep. */
  hasBetsInPlay(): Promise<boolean>;
};

export const startTableClock = (
  ctx: Pick<TAppContext, 'jobs' | 'providers'>,
  interest: TTableInterest,
  kind: TTableKind,
): TTableClock => {
  const now = () => ctx.providers.clock.now().getTime();
  let running: Promise<void> | null = null;
  let catchUp: Promise<void> | null = null;
  let nextAt = 0;
  let lastFull = Number.NEGATIVE_INFINITY;
  /** A full tick with nobody interested found no bet in play: the clock may sleep until interest returns. */
  let idle = false;
  let asleep = false;

  const fullTick = async () => {
    lastFull = now();
    try {
      nextAt = await kind.tick();
    } finally {
      // Bets are looked for only once nobody keeps the table awake. A bet in play is interest, announced so that
      // every instance ticks it (and keeps the round's heartbeat) until it settles.
      if (!interest.isInterested(now())) {
        idle = !(await kind.hasBetsInPlay());
        if (!idle) interest.touch();
      }
    }
  };
  const run = () => {
    running ??= fullTick().finally(() => {
      running = null;
    });
    return running;
  };

  const wake = () => {
    if (asleep) {
      asleep = false;
      idle = false;
      // A failed catch-up is retried by the timer's next turn, which logs it.
      catchUp = run()
        .catch(() => undefined)
        .finally(() => {
          catchUp = null;
        });
    }
    return catchUp ?? Promise.resolve();
  };
  interest.onInterest(() => void wake());

  ctx.jobs.every(kind.name, kind.intervalMs, async () => {
    if (running) return;
    const t = now();
    if (interest.isInterested(t)) {
      idle = false;
      interest.renew();
    } else if (idle) {
      asleep = true;
      return;
    }
    if (!asleep && t < nextAt && t - lastFull < kind.fullTickMs) return;
    asleep = false;
    await run();
  });
  return { wake };
};
