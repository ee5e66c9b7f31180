/**
 * A span around each database query (docs/decisions/062), made here rather than by an auto-instrumentation package:
 * the query methods of the database's own client are wrapped, once, when tracing is on. On PostgreSQL each pooled
 * connection's `query` as the pool hands it out (Drizzle, the wallet's executors, raw transactions all go through
 * one); on PGlite the client's `query`/`exec` and those of the transaction object it passes to Drizzle.
 *
 * A query gets a span only under an active span (a request's, a bet's): the job queue's polling and other
 * background reads stay out of the traces. The statement's text is recorded with its literals masked (the wallet
 * inlines values: platform/db/sql-literal.ts), cut at 2,000 characters; parameters are never recorded.
 */
import { type Span, SpanKind, trace } from '@opentelemetry/api';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
} from '@opentelemetry/semantic-conventions';
import pg from 'pg';
import { maskSqlLiterals } from '../logger.ts';
import { failSpan, isTracing, tracer } from '../observability/tracing.ts';
import type { TDatabase } from './database.ts';

const MAX_TEXT = 2000;
const instrumented = new WeakSet<object>();

const textOf = (query: unknown): string => {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
};

/** The statement's first keyword, or `batch` for a list: `select`, `insert`, `begin; …`. */
const operationOf = (text: string) => {
  const trimmed = text.trimStart();
  const keyword = /^[a-z]+/i.exec(trimmed)?.[0]?.toLowerCase() ?? 'query';
  return /;\s*\S/.test(trimmed) ? `${keyword} batch` : keyword;
};

/** Starts the query's span, or null when no span is active (or tracing is off). */
const startQuerySpan = (text: string): Span | null => {
  if (!isTracing() || !trace.getActiveSpan()) return null;
  const operation = operationOf(text);
  return tracer().startSpan(`db ${operation}`, {
    kind: SpanKind.CLIENT,
    attributes: {
      [ATTR_DB_SYSTEM_NAME]: 'postgresql',
      [ATTR_DB_OPERATION_NAME]: operation,
      [ATTR_DB_QUERY_TEXT]: maskSqlLiterals(text).slice(0, MAX_TEXT),
    },
  });
};

/** Wraps a promise-answering query method of `target` (its own property shadows the prototype's). */
const wrapPromised = (target: Record<string, unknown>, method: string) => {
  const original = target[method] as (...args: unknown[]) => Promise<unknown>;
  target[method] = function traced(this: unknown, ...args: unknown[]) {
    const span = startQuerySpan(textOf(args[0]));
    if (!span) return original.apply(this, args);
    return original.apply(this, args).then(
      (result) => {
        span.end();
        return result;
      },
      (error: unknown) => {
        failSpan(span, error);
        span.end();
        throw error;
      },
    );
  };
};

/** A pg client's `query`: a callback, a Submittable (a cursor) or a promise, as pg accepts them. */
const wrapPgClient = (client: pg.PoolClient) => {
  if (instrumented.has(client)) return;
  instrumented.add(client);
  const original = client.query as unknown as (...args: unknown[]) => unknown;
  (client as unknown as { query: unknown }).query = function traced(this: unknown, ...args: unknown[]) {
    const first = args[0] as { submit?: unknown } | undefined;
    const span = typeof first?.submit === 'function' ? null : startQuerySpan(textOf(first));
    if (!span) return original.apply(this, args);
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (error: unknown, ...rest: unknown[]) => {
        if (error) failSpan(span, error);
        span.end();
        return (last as (...a: unknown[]) => unknown)(error, ...rest);
      };
      return original.apply(this, args);
    }
    return (original.apply(this, args) as Promise<unknown>).then(
      (result) => {
        span.end();
        return result;
      },
      (error: unknown) => {
        failSpan(span, error);
        span.end();
        throw error;
      },
    );
  };
};

/** Wraps the database's client so its queries make spans; does nothing when tracing is off or was done already. */
export const traceQueries = (database: TDatabase) => {
  if (!isTracing()) return;
  const client = (database.db as { $client?: unknown }).$client as Record<string, unknown> | undefined;
  if (!client || instrumented.has(client)) return;
  instrumented.add(client);
  if (client instanceof pg.Pool) {
    // Every checkout (a new connection or an idle one) passes here before its first query.
    client.on('acquire', wrapPgClient);
    return;
  }
  wrapPromised(client, 'query');
  wrapPromised(client, 'exec');
  const transaction = client.transaction as (fn: (tx: unknown) => Promise<unknown>) => Promise<unknown>;
  client.transaction = function traced(this: unknown, fn: (tx: Record<string, unknown>) => Promise<unknown>) {
    return transaction.call(this, (tx) => {
      const txObject = tx as Record<string, unknown>;
      if (!instrumented.has(txObject)) {
        instrumented.add(txObject);
        wrapPromised(txObject, 'query');
        wrapPromised(txObject, 'exec');
      }
      return fn(txObject);
    });
  };
};
