/** The database: PGlite (embedded PostgreSQL) in DATA_DIR when no DATABASE_URL is set, PostgreSQL otherwise. */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

// biome-ignore lint/suspicious/noExplicitAny: both drivers' databases share this base type
export type TDb = PgDatabase<PgQueryResultHKT, Record<string, never>, any>;
// biome-ignore lint/suspicious/noExplicitAny: a transaction of either driver
export type TTx = PgTransaction<PgQueryResultHKT, Record<string, never>, any>;
/** Anything that can run a query: the database or a transaction inside it. */
export type TExecutor = TDb | TTx;

/** Raw SQL on one connection: `exec` runs several statements, `query` one with parameters. */
export interface TRawClient {
  exec(sql: string): Promise<void>;
  query<R>(sql: string, params?: unknown[]): Promise<R[]>;
}

/** What a listener is told: each notification's payload, and when it starts or stops hearing them. */
export interface TNotificationHandlers {
  message(payload: string): void;
  /** Listening: from now on every notification of the channel arrives. */
  up(): void;
  /** Not listening (the connection dropped): notifications may be missed until the next `up`. */
  down(): void;
}

export interface TDatabase {
  kind: 'pglite' | 'postgres';
  /**
   * LISTENs on a channel (NOTIFY, delivered at the notifying transaction's commit); on PostgreSQL over a
   * connection of its own that comes back after a drop. Answers the function that stops it.
   */
  listen(channel: string, handlers: TNotificationHandlers): () => Promise<void>;
  db: TDb;
  /** Runs `fn` in one transaction on one raw connection (migrations, seeding). */
  rawTransaction<T>(fn: (raw: TRawClient) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` holding the advisory lock `key` (PostgreSQL: a session lock on a connection of its own, so `fn` may
   * use the pool and run several transactions), so another instance's `fn` under the same key waits for it. PGlite
   * belongs to one process: `fn` just runs.
   */
  withLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** Answers whether the database responds. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, which `openDatabase({ loadDataDir })` starts from. */
  dump?(): Promise<Blob>;
}

// int8 as bigint text → keep as string in pg; drizzle's bigint mode converts per column.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export const openDatabase = async (options: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL: the most connections the pool opens (DATABASE_POOL_MAX; 20 when not given). */
  poolMax?: number;
  /** PGlite in memory only: start from this dumped data directory instead of an empty one (tests). */
  loadDataDir?: Blob;
}): Promise<TDatabase> => {
  if (options.databaseUrl) {
    // Idle connections live a minute (pg's default is 10 s): a fresh connection costs PostgreSQL ~0.2 s of CPU to
    // warm its caches, and bursts of traffic a few seconds apart would otherwise keep paying it.
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolMax ?? 20,
      idleTimeoutMillis: 60_000,
    });
    pool.on('error', () => {
      /* a dropped idle client is replaced on next use */
    });
    const db = drizzlePg({ client: pool }) as unknown as TDb;
    const databaseUrl = options.databaseUrl;
    return {
      kind: 'postgres',
      db,
      listen: (channel, handlers) => listenOnPostgres(databaseUrl, channel, handlers),
      rawTransaction: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await fn({
            exec: async (text) => {
              await client.query(text);
            },
            query: async (text, params) => (await client.query(text, params)).rows,
          });
          await client.query('commit');
          return result;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
      withLock: async (key, fn) => {
        const client = await pool.connect();
        let broken: Error | undefined;
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          try {
            return await fn();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [key]).catch((error: Error) => {
              broken = error;
            });
          }
        } finally {
          // A connection whose unlock failed is dropped, and its session's lock with it.
          client.release(broken);
        }
      },
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      close: () => pool.end(),
    };
  }
  const inMemory = options.dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(options.dataDir, { recursive: true });
  const client = inMemory
    ? await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {})
    : await PGlite.create(options.dataDir);
  const db = drizzlePglite({ client }) as unknown as TDb;
  return {
    kind: 'pglite',
    db,
    listen: (channel, handlers) => {
      const unlisten = client.listen(channel, handlers.message).then((stop) => {
        handlers.up();
        return stop;
      });
      return async () => {
        await (await unlisten)();
      };
    },
    rawTransaction: (fn) =>
      client.transaction((tx) =>
        fn({
          exec: async (text) => {
            await tx.exec(text);
          },
          query: async <R>(text: string, params?: unknown[]) => (await tx.query<R>(text, params)).rows,
        }),
      ),
    withLock: (_key, fn) => fn(),
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
};

/** A listener's wait before connecting again after its connection dropped. */
const LISTEN_RETRY_MS = 1000;

/** LISTEN over a connection of its own; a dropped connection says `down` and connects again. */
const listenOnPostgres = (url: string, channel: string, handlers: TNotificationHandlers) => {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  const lost = (dropped: pg.Client) => {
    if (client !== dropped) return;
    client = null;
    handlers.down();
    if (!stopped) retry = setTimeout(connect, LISTEN_RETRY_MS);
  };
  const connect = async () => {
    retry = null;
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (n) => {
      if (n.channel === channel) handlers.message(n.payload ?? '');
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (client === next && !stopped) handlers.up();
    } catch {
      lost(next);
      await next.end().catch(() => undefined);
    }
  };
  void connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
};

/** Runs a raw SQL query and answers its rows (both drivers answer `{ rows }`). */
export const queryRows = async <R>(db: TExecutor, query: SQL): Promise<R[]> =>
  ((await db.execute(query)) as unknown as { rows: R[] }).rows;
