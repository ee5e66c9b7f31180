/**
 * What the back-office shows and does with the jobs queue (platform/jobs.ts): the queues by name and state with
 * their oldest job's age, the failed jobs with their error, and a failed job's retry. The queue's table belongs to
 * the platform, so the back-office asks these functions rather than reading it.
 */
import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from './db/database.ts';

/** A timestamp as milliseconds since the epoch (either driver, any session time zone). */
const ms = (column: SQL) => sql`(extract(epoch from ${column}) * 1000)::float8`;

export const JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type TJobState = (typeof JOB_STATES)[number];

export interface TJobQueueRow {
  name: string;
  state: TJobState;
  count: number;
  /** Seconds since the oldest job of the row was queued (`created_at`). */
  oldestAgeSeconds: number;
  /** Queued jobs whose time has come (run_at passed): waiting for a worker, not for their time. */
  due: number;
}

/** Every queue (job name) by state, with how many, how old the oldest is and (queued) how many are due. */
export const jobQueues = async (db: TExecutor, now: Date): Promise<TJobQueueRow[]> => {
  const rows = await queryRows<{ name: string; status: TJobState; n: string; oldest: number; due: string }>(
    db,
    sql`select name, status, count(*)::text as n, ${ms(sql`min(created_at)`)} as oldest,
          count(*) filter (where status = 'queued' and run_at <= ${now})::text as due
        from jobs group by name, status order by name, status`,
  );
  return rows.map((r) => ({
    name: r.name,
    state: r.status,
    count: Number(r.n),
    oldestAgeSeconds: Math.max(0, Math.round((now.getTime() - Number(r.oldest)) / 1000)),
    due: Number(r.due),
  }));
};

export interface TFailedJob {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: Date;
  failedAt: Date | null;
}

const FAILED_PAGE = 50;

interface TFailedRow {
  id: string;
  name: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
  created_ms: number;
  finished_ms: number | null;
}
const failedOf = (r: TFailedRow): TFailedJob => ({
  id: String(r.id),
  name: r.name,
  payload: r.payload,
  attempts: r.attempts,
  maxAttempts: r.max_attempts,
  lastError: r.last_error,
  createdAt: new Date(Number(r.created_ms)),
  failedAt: r.finished_ms === null ? null : new Date(Number(r.finished_ms)),
});

/** Failed jobs, the latest failure first, a page of 50 at a time (`hasMore` when another page follows). */
export const failedJobs = async (
  db: TExecutor,
  options: { page?: number; name?: string } = {},
): Promise<{ rows: TFailedJob[]; hasMore: boolean }> => {
  const page = options.page ?? 0;
  const rows = await queryRows<TFailedRow>(
    db,
    sql`select id, name, payload, attempts, max_attempts, last_error, ${ms(sql`created_at`)} as created_ms,
          ${ms(sql`finished_at`)} as finished_ms
        from jobs where status = 'failed' ${options.name ? sql`and name = ${options.name}` : sql``}
        order by finished_at desc nulls last, id desc
        limit ${FAILED_PAGE + 1} offset ${page * FAILED_PAGE}`,
  );
  return {
    rows: rows.slice(0, FAILED_PAGE).map(failedOf),
    hasMore: rows.length > FAILED_PAGE,
  };
};

/**
 * Queues a failed job again, now, with its attempts counted afresh (its last error stays until it runs again).
 * Answers the job as it was, or null when it is not a failed job (already retried, swept, or never one).
 */
export const retryFailedJob = async (db: TExecutor, id: string, now: Date): Promise<TFailedJob | null> => {
  const rows = await queryRows<TFailedRow>(
    db,
    sql`update jobs set status = 'queued', attempts = 0, run_at = ${now}, finished_at = null, locked_until = null
        from (select id, attempts, finished_at from jobs where id = ${id} and status = 'failed' for update) before
        where jobs.id = before.id
        returning jobs.id, jobs.name, jobs.payload, before.attempts, jobs.max_attempts, jobs.last_error,
          ${ms(sql`jobs.created_at`)} as created_ms, ${ms(sql`before.finished_at`)} as finished_ms`,
  );
  return rows[0] ? failedOf(rows[0]) : null;
};
