/**
 * Each event's messages apply once and in order. Within this process, an event's messages are applied one after
 * the other in the order they arrived (one promise chain per event). Across redeliveries, recoveries, restarts
 * and instances, a message is judged by its event, its stream and its feed timestamp: older than the last one
 * applied in its stream is `stale`, the same type at the same timestamp is a `duplicate` (a redelivery), and
 * either changes nothing. The judgement (the claim) is made in the transaction that applies the message, so both
 * commit together or neither does (sqlOrderStore; memoryOrderStore for tests and a process of its own).
 */
import { sql } from 'drizzle-orm';
import type { TDb, TExecutor, TTx } from '../../../platform/db/database.ts';
import type { TUofEventMessage } from './message-types.ts';

/** Types whose order matters to each other: a bet_stop older than the odds_change applied must not win, etc. */
export const ORDER_STREAM: Record<TUofEventMessage['type'], string> = {
  odds_change: 'odds',
  bet_stop: 'odds',
  bet_settlement: 'settlement',
  rollback_bet_settlement: 'settlement',
  bet_cancel: 'cancel',
  rollback_bet_cancel: 'cancel',
  fixture_change: 'fixture',
};

export type TVerdict = 'apply' | 'duplicate' | 'stale';

export interface TOrderKey {
  eventId: string;
  stream: string;
  type: string;
  timestamp: number;
}

export const orderKeyOf = (message: TUofEventMessage): TOrderKey => ({
  eventId: message.eventId,
  stream: ORDER_STREAM[message.type],
  type: message.type,
  timestamp: message.timestamp,
});

/** The rule, on the last applied state of a stream. */
export const judge = (last: { ts: number; types: string[] } | undefined, key: TOrderKey): TVerdict => {
  if (!last || key.timestamp > last.ts) return 'apply';
  if (key.timestamp < last.ts) return 'stale';
  return last.types.includes(key.type) ? 'duplicate' : 'apply';
};

/** A store runs a unit of work (C: its transaction) in which messages are claimed and applied. */
export interface TOrderStore<C> {
  transaction<T>(fn: (tx: C, claim: (key: TOrderKey) => Promise<TVerdict>) => Promise<T>): Promise<T>;
}

/** In memory: a claim made in a unit of work that throws is forgotten. */
export const memoryOrderStore = (): TOrderStore<undefined> => {
  const applied = new Map<string, { ts: number; types: string[] }>();
  return {
    async transaction(fn) {
      const pending = new Map<string, { ts: number; types: string[] }>();
      const result = await fn(undefined, async (key) => {
        const id = `${key.eventId}\u0000${key.stream}`;
        const last = pending.get(id) ?? applied.get(id);
        const verdict = judge(last, key);
        if (verdict === 'apply')
          pending.set(id, {
            ts: key.timestamp,
            types: last?.ts === key.timestamp ? [...last.types, key.type] : [key.type],
          });
        return verdict;
      });
      for (const [id, state] of pending) applied.set(id, state);
      return result;
    },
  };
};

/** Claims one message in the caller's transaction (row-locked until it commits); `now` stamps updated_at. */
export const claimInTransaction = async (tx: TExecutor, key: TOrderKey, now: Date): Promise<TVerdict> => {
  const upserted = (await tx.execute(sql`
    insert into sb_uof_event_order as o (event_id, stream, ts, types, updated_at)
    values (${key.eventId}, ${key.stream}, ${key.timestamp}, array[${key.type}]::text[], ${now.toISOString()})
    on conflict (event_id, stream) do update
       set ts = excluded.ts,
           types = case when o.ts = excluded.ts then o.types || excluded.types else excluded.types end,
           updated_at = excluded.updated_at
     where o.ts < excluded.ts or (o.ts = excluded.ts and not (excluded.types <@ o.types))
    returning 1 as applied`)) as unknown as { rows: unknown[] };
  if (upserted.rows.length > 0) return 'apply';
  const current = (await tx.execute(
    sql`select ts, types from sb_uof_event_order where event_id = ${key.eventId} and stream = ${key.stream}`,
  )) as unknown as { rows: { ts: string | number; types: string[] }[] };
  const row = current.rows[0];
  return judge(row && { ts: Number(row.ts), types: row.types }, key);
};

/** In the sportsbook's tables (sb_uof_event_order): exactly once across restarts and instances. */
export const sqlOrderStore = (db: TDb, clock: { now(): Date }): TOrderStore<TTx> => ({
  transaction: (fn) => db.transaction((tx) => fn(tx, (key) => claimInTransaction(tx, key, clock.now()))),
});

export const createEventSequencer = <C>(store: TOrderStore<C>) => {
  const chains = new Map<string, Promise<unknown>>();
  return {
    /**
     * Applies `message` after the messages of its event that came before it, if its claim says so; answers the
     * verdict. A failing apply rejects (and leaves no claim): the caller does not acknowledge the message.
     * `before` runs in the message's turn, before its transaction.
     */
    submit(
      message: TUofEventMessage,
      apply: (message: TUofEventMessage, tx: C) => Promise<void>,
      before?: (message: TUofEventMessage) => Promise<void>,
    ) {
      const previous = chains.get(message.eventId) ?? Promise.resolve();
      const run = previous
        .catch(() => undefined)
        .then(() => before?.(message))
        .then(() =>
          store.transaction(async (tx, claim) => {
            const verdict = await claim(orderKeyOf(message));
            if (verdict === 'apply') await apply(message, tx);
            return verdict;
          }),
        );
      chains.set(message.eventId, run);
      // The chain is dropped once it is idle, so finished events hold no memory.
      void run
        .catch(() => undefined)
        .then(() => {
          if (chains.get(message.eventId) === run) chains.delete(message.eventId);
        });
      return run;
    },
    /** Events with messages still being applied. */
    pending: () => chains.size,
  };
};

export type TEventSequencer<C> = ReturnType<typeof createEventSequencer<C>>;
