/**
 * Drizzle over one pooled connection whose queries run as named prepared statements (the responsible-gaming
 * guard's, inside the wallet's own transaction on PostgreSQL).
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { TExecutor } from '../../platform/db/database.ts';

/**
 * The guard's queries run as named prepared statements, named after their text: each connection parses and plans
 * them once, where an unnamed statement is planned anew on every bet (~0.2 ms of database CPU per bet for the
 * guard's read). The guard has a handful of texts; past MAX_NAMED any other text runs unnamed.
 */
const MAX_NAMED = 32;
const statementNames = new Map<string, string>();
const statementName = (text: string) => {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED) {
    name = `wallet_guard_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
};

/** Drizzle over one pooled connection, for the guard's queries inside our own transaction. */
const executors = new WeakMap<pg.PoolClient, TExecutor>();
export const executorOf = (client: pg.PoolClient) => {
  let db = executors.get(client);
  if (!db) {
    const preparing = {
      query: (config: pg.QueryConfig, values?: unknown[]) =>
        client.query(config.name ? config : { ...config, name: statementName(config.text) }, values),
    };
    db = drizzlePg({ client: preparing as unknown as pg.PoolClient }) as unknown as TExecutor;
    executors.set(client, db);
  }
  return db;
};
