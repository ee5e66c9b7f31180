/** The built messages of each database's locales (messages-service.ts), forgotten when an override changes. */
import type { TDb } from '../../platform/db/database.ts';

export interface TCacheEntry<T> {
  at: number;
  value: Promise<T>;
}

const caches = new WeakMap<TDb, Map<string, TCacheEntry<unknown>>>();

export const messagesCacheOf = (db: TDb) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
};

/** Forgets the built messages of this database's locales (an operator changed one). */
export const invalidateMessages = (db: TDb) => messagesCacheOf(db).clear();
