/**
 * A copy of some configuration kept in memory per database, for judging bets without a query inside their
 * transaction (the bet pipeline's `appliesTo`): read by `refresh` when older than `ttlMs` or after `forgetAll`
 * (a change made in this process) or `forget` (the bus: a change made by another instance). `current` answers
 * null while no fresh copy is loaded: the caller must then judge conservatively.
 */
import type { TExecutor } from '../../platform/db/database.ts';

interface TCopy<T> {
  at: number;
  generation: number;
  loading: Promise<void>;
  value: T | null;
}

export const configCopy = <T>(read: (db: TExecutor) => Promise<T>, ttlMs = 10_000) => {
  const copies = new WeakMap<TExecutor, TCopy<T>>();
  let generation = 0;
  return {
    /** Every copy in this process is stale (a change was made here). */
    forgetAll() {
      generation++;
    },
    /** This database's copy is stale. */
    forget(db: TExecutor) {
      copies.delete(db);
    },
    /** Reads the configuration again when the copy is missing, stale or older than ttlMs. */
    refresh(db: TExecutor): Promise<void> {
      const now = Date.now();
      const copy = copies.get(db);
      if (copy && copy.generation === generation && now - copy.at < ttlMs) return copy.loading;
      const fresh: TCopy<T> = { at: now, generation, loading: Promise.resolve(), value: null };
      fresh.loading = read(db).then((value) => {
        fresh.value = value;
      });
      // A failed read is not kept: the next refresh asks again (meanwhile `current` answers null).
      fresh.loading.catch(() => {
        if (copies.get(db) === fresh) copies.delete(db);
      });
      copies.set(db, fresh);
      return fresh.loading;
    },
    /** The loaded copy, or null when there is none or it is stale. */
    current(db: TExecutor): T | null {
      const copy = copies.get(db);
      return copy && copy.generation === generation ? copy.value : null;
    },
  };
};
