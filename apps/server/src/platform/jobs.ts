/**
 * Background jobs: a queue table claimed with `FOR UPDATE SKIP LOCKED`, so any number of instances share the work
 * and a job runs once; plus recurring tasks on a timer. The same code runs on PGlite and PostgreSQL
 * (docs/decisions/004). Handlers must be idempotent: a job whose worker died is retried after its lock expires.
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

const LOCK_MS = 5 * 60_000;
/**
 * Jobs that run at once on one instance: work that comes in parallel parts (a settlement's chains of bets) uses
 * both cores of a small machine, and a poll never starts more workers than this.
 */
export const JOB_WORKERS = 2;

export const createJobs = (
  db: TDb,
  clock: TClock,
  log: { error(o: object, m: string): void },
  workers = JOB_WORKERS,
): TJobs => {
  const handlers = new Map<string, TJobHandler>();
  const timers: NodeJS.Timeout[] = [];
  const recurring: { intervalMs: number; task: () => Promise<void>; name: string }[] = [];
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
      update jobs set status = 'running', attempts = attempts + 1, locked_until = ${new Date(now.getTime() + LOCK_MS)}
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

  /** `claimed`: called once a job is claimed, before it runs. */
  const runOne = async (claimed?: () => void): Promise<boolean> => {
    const job = await claim();
    if (!job) return false;
    claimed?.();
    const handler = handlers.get(job.name);
    try {
      if (!handler) throw new Error(`no handler for job ${job.name}`);
      await handler(job.payload);
      await db.execute(
        sql`update jobs set status = 'done', finished_at = ${clock.now()}, locked_until = null where id = ${job.id}`,
      );
    } catch (error) {
      const failed = job.attempts >= job.max_attempts;
      const retryAt = new Date(clock.now().getTime() + 2 ** job.attempts * 1000);
      log.error({ err: error, job: job.name }, 'job failed');
      await db.execute(sql`
        update jobs set status = ${failed ? 'failed' : 'queued'}, run_at = ${retryAt}, locked_until = null,
          last_error = ${String((error as Error).message ?? error).slice(0, 500)}
        where id = ${job.id}`);
    }
    return true;
  };

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
        insert into jobs (name, payload, run_at, singleton_key)
        values (${name}, ${JSON.stringify(payload)}::jsonb, ${options.runAt ?? clock.now()}, ${options.singletonKey ?? null})
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
