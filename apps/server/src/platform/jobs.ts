/**
 * Background jobs: a queue table claimed with `FOR UPDATE SKIP LOCKED`, so any number of instances share the work
 * and a job runs once; plus recurring tasks on a timer. The same code runs on PGlite and PostgreSQL
 * (docs/decisions/004, 063). A running job's lock is renewed while it runs (a heartbeat), so a long job is never
 * claimed twice; a job whose worker died is retried once its lock expires, so handlers must be idempotent. Finished
 * jobs (done or failed) are kept for the retention and then swept; failed ones are retried from the back-office.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type TDb, type TExecutor } from './db/database.ts';
import type { TClock } from './providers.ts';

export type TJobHandler = (payload: Record<string, unknown>) => Promise<void>;

export interface TJobs {
  /** Registers the handler of a job name. */
  define(name: string, handler: TJobHandler): void;
  /**
   * Queues a job; with a singleton key, a second enqueue of the same key is ignored. With `executor` (a caller's
   * transaction) the job exists exactly when the caller's work commits.
   */
  enqueue(
    name: string,
    payload?: Record<string, unknown>,
    options?: { runAt?: Date; singletonKey?: string; executor?: TExecutor },
  ): Promise<void>;
  /** Runs `task` every `intervalMs` on this instance (e.g. enqueueing periodic work). */
  every(name: string, intervalMs: number, task: () => Promise<void>): void;
  /**
   * Runs `handler` as the job `name` once an hour across every instance: each instance's timer queues it with the
   * hour as its singleton key, so the first one to do so wins the hour.
   */
  hourly(name: string, handler: () => Promise<unknown>): void;
  /** Runs the recurring task `name` once, now, as its timer would. Tests call it directly. */
  runRecurring(name: string): Promise<void>;
  /** Claims and runs due jobs until none is left; answers how many ran. Tests call it directly. */
  drain(): Promise<number>;
  /**
   * After the caller's transaction that queued jobs committed: idle workers look for them now instead of at the
   * next poll (a no-op before `start`).
   */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

/** How long a claim holds a job before another worker may take it, unless its heartbeat renews it. */
export const LOCK_MS = 5 * 60_000;
/** How often a running job renews its lock: well inside the lock, so a slow beat never lets it lapse. */
export const HEARTBEAT_MS = 60_000;
/** The sweep of finished jobs runs this often on every instance (a delete: running it twice costs nothing). */
export const SWEEP_EVERY_MS = 3600_000;
/**
 * Jobs that run at once on one instance: work that comes in parallel parts (a settlement's chains of bets) uses
 * both cores of a small machine, and a poll never starts more workers than this.
 */
export const JOB_WORKERS = 2;
/** The recurring task that removes finished jobs past the retention (`runRecurring(SWEEP_JOBS)` in tests). */
export const SWEEP_JOBS = 'jobs.sweep';

export interface TJobsOptions {
  workers?: number;
  lockMs?: number;
  heartbeatMs?: number;
  /** Done and failed jobs older than this are removed by the sweep (JOBS_RETENTION_HOURS). */
  retentionHours?: number;
}

export const createJobs = (
  db: TDb,
  clock: TClock,
  log: { error(o: object, m: string): void },
  options: TJobsOptions = {},
): TJobs => {
  const {
    workers = JOB_WORKERS,
    lockMs = LOCK_MS,
    heartbeatMs = HEARTBEAT_MS,
    retentionHours = 7 * 24,
  } = options;
  const handlers = new Map<string, TJobHandler>();
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = true;

  const claim = async () => {
    const now = clock.now();
    const rows = await queryRows<{
      id: string;
      name: string;
      payload: Record<string, unknown>;
      attempts: number;
      max_attempts: number;
    }>(
      db,
      sql`
      update jobs set status = 'running', attempts = attempts + 1, locked_until = ${new Date(now.getTime() + lockMs)}
      where id = (
        select id from jobs
        where (status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until < ${now})
        order by run_at, id
        for update skip locked
        limit 1
      )
      returning id, name, payload, attempts, max_attempts`,
    );
    return rows[0];
  };

  /**
   * The claim is this worker's while the row is running at the attempt it claimed: a worker that lost its lock (it
   * stalled past it and another worker took the job) changes nothing with its late heartbeat or result.
   */
  const mine = (job: { id: string; attempts: number }) =>
    sql`id = ${job.id} and status = 'running' and attempts = ${job.attempts}`;

  /** Renews the job's lock every `heartbeatMs` while it runs; answers the function that stops the beat. */
  const heartbeat = (job: { id: string; attempts: number; name: string }) => {
    const beat = setInterval(() => {
      db.execute(
        sql`update jobs set locked_until = ${new Date(clock.now().getTime() + lockMs)} where ${mine(job)}`,
      ).catch((error) => log.error({ err: error, job: job.name }, 'job heartbeat failed'));
    }, heartbeatMs);
    beat.unref();
    return () => clearInterval(beat);
  };

  /** `claimed`: called once a job is claimed, before it runs. */
  const runOne = async (claimed?: () => void): Promise<boolean> => {
    const job = await claim();
    if (!job) return false;
    claimed?.();
    const handler = handlers.get(job.name);
    const stopBeat = heartbeat(job);
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload);
      stopBeat();
      await db.execute(
        sql`update jobs set status = 'done', finished_at = ${clock.now()}, locked_until = null where ${mine(job)}`,
      );
    } catch (error) {
      stopBeat();
      const failed = job.attempts >= job.max_attempts;
      const now = clock.now();
      const retryAt = new Date(now.getTime() + 2 ** job.attempts * 1000);
      log.error({ err: error, job: job.name }, 'job failed');
      await db.execute(sql`
        update jobs set status = ${failed ? 'failed' : 'queued'}, run_at = ${retryAt}, locked_until = null,
          finished_at = ${failed ? now : null},
          last_error = ${String((error as Error).message ?? error).slice(0, 500)}
        where ${mine(job)}`);
    }
    return true;
  };

  /** Removes done and failed jobs finished before the retention, a batch at a time; answers how many. */
  const sweep = async () => {
    const before = new Date(clock.now().getTime() - retentionHours * 3600_000);
    let removed = 0;
    for (;;) {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`delete from jobs where id in (
          select id from jobs where status in ('done', 'failed') and finished_at < ${before} limit 5000
        ) returning id`,
      );
      removed += rows.length;
      if (rows.length < 5000) return removed;
    }
  };
  const recurring: { intervalMs: number; task: () => Promise<void>; name: string }[] = [
    {
      name: SWEEP_JOBS,
      intervalMs: SWEEP_EVERY_MS,
      task: async () => {
        await sweep();
      },
    },
  ];

  const drain = async (claimed?: () => void) => {
    let count = 0;
    while (await runOne(claimed)) count++;
    return count;
  };

  /**
   * Starts a worker draining the queue when fewer than `workers` run. A worker that claims a job calls it again, so
   * the workers grow with the work and an idle queue costs one claim a poll.
   */
  const poll = () => {
    if (stopped || running.size >= workers) return;
    const worker: Promise<unknown> = drain(poll)
      .catch((error) => log.error({ err: error }, 'job queue poll failed'))
      .finally(() => running.delete(worker));
    running.add(worker);
  };

  const jobs: TJobs = {
    define(name, handler) {
      handlers.set(name, handler);
    },
    async enqueue(name, payload = {}, options = {}) {
      await (options.executor ?? db).execute(sql`
        insert into jobs (name, payload, run_at, singleton_key, created_at)
        values (${name}, ${JSON.stringify(payload)}::jsonb, ${options.runAt ?? clock.now()}, ${options.singletonKey ?? null},
          ${clock.now()})
        on conflict (singleton_key) do nothing`);
    },
    every(name, intervalMs, task) {
      recurring.push({ name, intervalMs, task });
    },
    hourly(name, handler) {
      handlers.set(name, async () => {
        await handler();
      });
      recurring.push({
        name,
        intervalMs: 3600_000,
        task: () =>
          jobs.enqueue(name, {}, { singletonKey: `${name}:${clock.now().toISOString().slice(0, 13)}` }),
      });
    },
    async runRecurring(name) {
      for (const r of recurring) if (r.name === name) await r.task();
    },
    drain: () => drain(),
    wake() {
      poll();
    },
    start() {
      stopped = false;
      timers.push(setInterval(poll, 1000));
      for (const r of recurring)
        timers.push(
          setInterval(() => {
            if (!stopped)
              r.task().catch((error) => log.error({ err: error, task: r.name }, 'recurring task failed'));
          }, r.intervalMs),
        );
      for (const t of timers) t.unref();
    },
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      timers.length = 0;
      await Promise.all(running);
    },
  };
  return jobs;
};
