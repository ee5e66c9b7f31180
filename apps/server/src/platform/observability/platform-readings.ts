/**
 * The platform's values read at each scrape of /metrics (docs/decisions/062): the database pool, the sockets and the
 * jobs queue by state and age. Nothing is polled between scrapes.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { TAppContext } from '../context.ts';
import { queryRows } from '../db/database.ts';

export const registerPlatformReadings = (app: FastifyInstance, ctx: TAppContext) => {
  const { metrics } = ctx;
  if (!metrics.enabled) return;
  const client = (ctx.db as { $client?: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : null;
  const jobRows = jobsReader(ctx);
  metrics.readAtScrape({
    name: 'db_pool_connections',
    help: "The database pool's connections by state (PGlite: its one connection); max is the pool's limit",
    type: 'gauge',
    labelNames: ['state'],
    read: () =>
      pool
        ? [
            { labels: { state: 'idle' }, value: pool.idleCount },
            { labels: { state: 'busy' }, value: pool.totalCount - pool.idleCount },
            { labels: { state: 'max' }, value: pool.options.max ?? 10 },
          ]
        : [{ labels: { state: 'max' }, value: 1 }],
  });
  metrics.readAtScrape({
    name: 'db_pool_waiting_requests',
    help: 'Requests waiting for a connection of the pool (PGlite queues its own: 0)',
    type: 'gauge',
    read: () => [{ value: pool?.waitingCount ?? 0 }],
  });
  metrics.readAtScrape({
    name: 'websocket_connections',
    help: "Open WebSocket connections on this instance (every socket route's)",
    type: 'gauge',
    read: () => [{ value: app.hasDecorator('websocketServer') ? app.websocketServer.clients.size : 0 }],
  });
  metrics.readAtScrape({
    name: 'jobs',
    help: 'Jobs in the queue table by state (queued counts only the due ones) and name',
    type: 'gauge',
    labelNames: ['state', 'name'],
    read: async () =>
      (await jobRows()).map((r) => ({ labels: { state: r.state, name: r.name }, value: r.count })),
  });
  metrics.readAtScrape({
    name: 'jobs_oldest_seconds',
    help: 'Age of the oldest job by state: queued and running since they were due, done and failed since they finished',
    type: 'gauge',
    labelNames: ['state'],
    read: async () => {
      const oldest = new Map<string, number>();
      for (const r of await jobRows()) oldest.set(r.state, Math.max(oldest.get(r.state) ?? 0, r.age));
      return [...oldest].map(([state, value]) => ({ labels: { state }, value }));
    },
  });
};

interface TJobRow {
  state: string;
  name: string;
  count: number;
  age: number;
}

/** One read of the jobs table per scrape, shared by both gauges (they are collected together). */
const jobsReader = (ctx: Pick<TAppContext, 'db' | 'providers'>) => {
  let pending: Promise<TJobRow[]> | null = null;
  return () => {
    const now = ctx.providers.clock.now();
    // The scrape collects every metric at once: the second gauge finds the first one's read in flight.
    if (pending) return pending;
    const rows = queryRows<{ state: string; name: string; count: string; age: string | null }>(
      ctx.db,
      sql`select status as state, name, count(*) as count,
        extract(epoch from ${now}::timestamptz - min(case when status in ('done', 'failed') then finished_at else run_at end)) as age
      from jobs where status <> 'queued' or run_at <= ${now}
      group by status, name`,
    ).then((list) =>
      list.map((r) => ({
        state: r.state,
        name: r.name,
        count: Number(r.count),
        age: Math.max(0, Number(r.age ?? 0)),
      })),
    );
    pending = rows;
    const done = () => {
      pending = null;
    };
    rows.then(done, done);
    return rows;
  };
};
