/**
 * How a wallet job's statements are sent, one job at a time: on PostgreSQL in two round trips on one pooled
 * connection (`begin` with the opening; the job's statements, the consequences and `commit`), on PGlite the same
 * statements one by one in a transaction (in-process: no round trips to save). A batch of jobs is the other
 * executor (batch-executor.ts). What a job sends is decided by the job (place-bet.ts, wallet-service.ts), never here.
 */
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { TExecutor } from '../../platform/db/database.ts';
import type { TBetEvent, TBetReport } from '../bets/index.ts';
import { queryRows } from '../ledger/index.ts';
import type { TWalletContext } from './sessions.ts';
import {
  openText,
  singleRows,
  singleText,
  type TOpenCall,
  type TRows,
  type TStatement,
} from './statements.ts';
import type { TApplied } from './wallet-types.ts';

/** What a job sends first, with `begin`: the statements that lock its player. */
export interface TOpening {
  /** A bet's wallet_open; a batch of bets opens them all with one wallet_open_many. Its answer comes first. */
  open?: TOpenCall;
  /** The statements after it (a round's read under the lock, a win's wallet_call). */
  statements: TStatement[];
  /**
   * On PostgreSQL, a job on its own whose opening is its whole work (a win with no consequence to apply): this one
   * prepared statement, committed by itself, instead of a transaction.
   */
  prepared?: { name: string; text: string; values: unknown[] };
}

/** What a job does once its opening ran: the statements it sends with the commit, and its answer from their rows. */
export interface TJobStep<T> {
  statements: TStatement[];
  /** Its movements, for the bet pipeline's consequences (applied in the same transaction). */
  events: TBetEvent[];
  /** After commit: the caller's answer from the statements' rows, and the wallet answer whose balances to publish. */
  answer(rows: TRows[]): { value: T; published: TApplied | null };
}

export interface TWalletJob<T> {
  /** The wallet session: it names the player (a batch's lock order); none for a visitor's play money. */
  session: string | null;
  opening: TOpening;
  /**
   * Under the lock, with the opening's rows (wallet_open's answer first when it has one): the job's checks, then
   * its step. A refusal throws and undoes everything.
   */
  next(tx: TExecutor, opened: TRows[]): Promise<TJobStep<T>>;
}

/** The pg pool under Drizzle on PostgreSQL; null on PGlite. */
export const poolOf = (db: TExecutor) => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
};

/** Runs `work` in a transaction on one pooled connection; any failure rolls it back. */
export const onClient = async <T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
  const client = await pool.connect();
  let healthy = true;
  try {
    return await work(client);
  } catch (error) {
    // After a failed `commit` there is no transaction left: the rollback only warns.
    await client.query('rollback').catch(() => {
      healthy = false;
    });
    throw error;
  } finally {
    client.release(!healthy);
  }
};

/** Sends a simple-protocol statement list; answers each statement's rows (pg answers a lone statement bare). */
export const send = async (client: pg.PoolClient, text: string): Promise<TRows[]> => {
  const result = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(result) ? result : [result]).map((r) => r.rows as TRows);
};

/**
 * The checks' queries (the responsible-gaming guard's) inside our transaction on a pooled connection, as named
 * prepared statements named after their text: each connection plans them once (an unnamed statement is planned on
 * every bet). The guard has a handful of texts; past MAX_NAMED any other text runs unnamed.
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

/** The opening's statement texts for a job on its own. */
const openingTexts = (opening: TOpening) => [
  ...(opening.open ? [openText(opening.open)] : []),
  ...opening.statements.map(singleText),
];

/** The opening's rows as the job reads them (wallet_open's answer first). */
const openingRows = (opening: TOpening, results: TRows[]) => {
  const first = opening.open ? 1 : 0;
  return [
    ...results.slice(0, first),
    ...opening.statements.map((s, i) => singleRows(s, results[first + i] ?? [])),
  ];
};

/** A committed job: its answer, the movements and the consequences' row for the after-commit hooks. */
export interface TDone<T> {
  value: T;
  published: TApplied | null;
  events: TBetEvent[];
  report: TBetReport | null;
}

/** One job in its own transaction on PostgreSQL: two round trips, or one prepared statement when that is all. */
const onPool = <T>(ctx: TWalletContext, pool: pg.Pool, job: TWalletJob<T>) => {
  const { prepared } = job.opening;
  if (prepared)
    return (async (): Promise<TDone<T>> => {
      const { rows } = await pool.query({
        name: prepared.name,
        text: prepared.text,
        values: prepared.values,
      });
      const step = await job.next(ctx.db, [rows as TRows]);
      return { ...step.answer([]), events: step.events, report: null };
    })();
  return onClient(pool, async (client): Promise<TDone<T>> => {
    const opened = await send(client, `begin; ${openingTexts(job.opening).join('; ')}`);
    const step = await job.next(executorOf(client), openingRows(job.opening, opened.slice(1)));
    const consequences = await ctx.bets.executeText(client, step.events);
    const texts = [...step.statements.map(singleText), ...(consequences ? [consequences] : [])];
    if (texts.length === 0) {
      await client.query('commit');
      return { ...step.answer([]), events: step.events, report: null };
    }
    const results = await send(client, `${texts.join('; ')}; commit`);
    const rows = step.statements.map((s, i) => singleRows(s, results[i] ?? []));
    const report = consequences ? ((results[step.statements.length]?.[0] as TBetReport) ?? null) : null;
    return { ...step.answer(rows), events: step.events, report };
  });
};

/** One job on PGlite: the same statements one by one in Drizzle's transaction. */
const inTransaction = <T>(ctx: TWalletContext, job: TWalletJob<T>) =>
  ctx.db.transaction(async (tx): Promise<TDone<T>> => {
    const run = (text: string) => queryRows<Record<string, unknown>>(tx, sql.raw(text));
    const opened: TRows[] = [];
    for (const text of openingTexts(job.opening)) opened.push(await run(text));
    const step = await job.next(tx, openingRows(job.opening, opened));
    const rows: TRows[] = [];
    for (const statement of step.statements)
      rows.push(singleRows(statement, await run(singleText(statement))));
    const report = await ctx.bets.apply(tx, step.events);
    return { ...step.answer(rows), events: step.events, report };
  });

/** Runs one job in a transaction of its own. */
export const runSingle = <T>(ctx: TWalletContext, job: TWalletJob<T>): Promise<TDone<T>> => {
  const pool = poolOf(ctx.db);
  return pool ? onPool(ctx, pool, job) : inTransaction(ctx, job);
};
