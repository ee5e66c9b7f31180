import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app.ts';
import { queryRows } from './db/database.ts';
import { createJobs, LOCK_MS, SWEEP_JOBS } from './jobs.ts';
import { failedJobs, jobQueues, retryFailedJob } from './jobs-admin.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('jobs', () => {
  it('runs a queued job once, ignores a second enqueue of a singleton key', async () => {
    const seen: unknown[] = [];
    t.app.ctx.jobs.define('test.collect', async (payload) => {
      seen.push(payload.n);
    });
    await t.app.ctx.jobs.enqueue('test.collect', { n: 1 }, { singletonKey: 'one' });
    await t.app.ctx.jobs.enqueue('test.collect', { n: 2 }, { singletonKey: 'one' });
    await t.app.ctx.jobs.enqueue('test.collect', { n: 3 });
    expect(await t.app.ctx.jobs.drain()).toBe(2);
    expect(seen).toEqual([1, 3]);
    expect(await t.app.ctx.jobs.drain()).toBe(0);
  });

  it('runs an hourly job once an hour, however many timers queue it', async () => {
    let runs = 0;
    t.app.ctx.jobs.hourly('test.hourly', async () => {
      runs++;
    });
    await t.app.ctx.jobs.runRecurring('test.hourly');
    await t.app.ctx.jobs.runRecurring('test.hourly');
    expect(await t.app.ctx.jobs.drain()).toBe(1);
    await t.app.ctx.jobs.runRecurring('test.hourly');
    expect(await t.app.ctx.jobs.drain()).toBe(0);
    t.clock.advance(3600_000);
    await t.app.ctx.jobs.runRecurring('test.hourly');
    expect(await t.app.ctx.jobs.drain()).toBe(1);
    expect(runs).toBe(2);
  });

  it('waits for run_at and retries a failing job with back-off until it gives up', async () => {
    let calls = 0;
    t.app.ctx.jobs.define('test.flaky', async () => {
      calls++;
      throw new Error('provider down');
    });
    await t.app.ctx.jobs.enqueue('test.flaky', {}, { runAt: new Date(t.clock.now().getTime() + 60_000) });
    expect(await t.app.ctx.jobs.drain()).toBe(0);
    t.clock.advance(60_000);
    for (let i = 0; i < 5; i++) {
      await t.app.ctx.jobs.drain();
      t.clock.advance(3600_000);
    }
    expect(calls).toBe(5);
    const rows = await queryRows<{ status: string; last_error: string }>(
      t.app.ctx.db,
      sql`select status, last_error from jobs where name = 'test.flaky'`,
    );
    expect(rows[0]).toEqual({ status: 'failed', last_error: 'provider down' });
  });

  it('runs a recurring task on demand, as its timer would', async () => {
    let runs = 0;
    t.app.ctx.jobs.every('test.recurring', 60_000, async () => {
      runs++;
    });
    await t.app.ctx.jobs.runRecurring('test.recurring');
    await t.app.ctx.jobs.runRecurring('test.unknown');
    expect(runs).toBe(1);
  });

  it('started, runs at most its workers at once, and wake() starts them without waiting for the poll', async () => {
    const jobs = createJobs(t.app.ctx.db, t.clock, { error: () => undefined }, { workers: 2 });
    let running = 0;
    let most = 0;
    let done = 0;
    const releases: (() => void)[] = [];
    jobs.define('test.parallel', async () => {
      running++;
      most = Math.max(most, running);
      await new Promise<void>((release) => releases.push(release));
      running--;
      done++;
    });
    for (let n = 0; n < 3; n++) await jobs.enqueue('test.parallel', { n });
    jobs.start();
    jobs.wake();
    const until = async (ok: () => boolean) => {
      for (let i = 0; i < 60 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
      expect(ok()).toBe(true);
    };
    await until(() => running === 2);
    // The third waits for a free worker, well within the poll's second.
    releases.shift()?.();
    await until(() => done === 1 && running === 2);
    while (done < 3) {
      releases.shift()?.();
      await new Promise((r) => setTimeout(r, 10));
    }
    await jobs.stop();
    expect(most).toBe(2);
  });

  it('renews a long job’s lock while it runs: a second worker past the lock timeout does not take it', async () => {
    const quiet = { error: () => undefined };
    const first = createJobs(t.app.ctx.db, t.clock, quiet, { workers: 1, heartbeatMs: 10 });
    const second = createJobs(t.app.ctx.db, t.clock, quiet, { workers: 1, heartbeatMs: 10 });
    let runs = 0;
    let release: () => void = () => undefined;
    first.define('test.long', async () => {
      runs++;
      await new Promise<void>((r) => {
        release = r;
      });
    });
    second.define('test.long', async () => {
      runs++;
    });
    await first.enqueue('test.long');
    const running = first.drain();
    for (let i = 0; i < 200 && runs === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(runs).toBe(1);
    // The job runs far past its lock (a slow export, a big settlement); its heartbeat keeps the lock ahead of now.
    t.clock.advance(LOCK_MS + 60_000);
    const lockedUntil = async () =>
      (
        await queryRows<{ ahead: boolean }>(
          t.app.ctx.db,
          sql`select locked_until > ${t.clock.now()} as ahead from jobs where name = 'test.long'`,
        )
      )[0]?.ahead;
    for (let i = 0; i < 200 && !(await lockedUntil()); i++) await new Promise((r) => setTimeout(r, 5));
    expect(await second.drain()).toBe(0);
    release();
    expect(await running).toBe(1);
    expect(runs).toBe(1);
    const [row] = await queryRows<{ status: string; attempts: number }>(
      t.app.ctx.db,
      sql`select status, attempts from jobs where name = 'test.long'`,
    );
    expect(row).toEqual({ status: 'done', attempts: 1 });
  });

  it('a worker that lost its lock changes nothing with its late result', async () => {
    const quiet = { error: () => undefined };
    const stalled = createJobs(t.app.ctx.db, t.clock, quiet, { workers: 1, heartbeatMs: 3600_000 });
    const other = createJobs(t.app.ctx.db, t.clock, quiet, { workers: 1 });
    let release: () => void = () => undefined;
    let started = false;
    stalled.define('test.stalled', async () => {
      started = true;
      await new Promise<void>((r) => {
        release = r;
      });
      throw new Error('late failure');
    });
    other.define('test.stalled', async () => undefined);
    await stalled.enqueue('test.stalled');
    const running = stalled.drain();
    for (let i = 0; i < 200 && !started; i++) await new Promise((r) => setTimeout(r, 5));
    // No heartbeat (the process stalled): past the lock, another worker takes the job and finishes it.
    t.clock.advance(LOCK_MS + 1000);
    expect(await other.drain()).toBe(1);
    release();
    await running;
    const [row] = await queryRows<{ status: string; attempts: number; last_error: string | null }>(
      t.app.ctx.db,
      sql`select status, attempts, last_error from jobs where name = 'test.stalled'`,
    );
    expect(row).toEqual({ status: 'done', attempts: 2, last_error: null });
  });

  it('sweeps done and failed jobs past the retention, keeps the rest', async () => {
    const jobs = createJobs(t.app.ctx.db, t.clock, { error: () => undefined }, { retentionHours: 24 });
    jobs.define('test.sweep.ok', async () => undefined);
    jobs.define('test.sweep.bad', async () => {
      throw new Error('no');
    });
    await jobs.enqueue('test.sweep.ok', { n: 'old' });
    await t.app.ctx.db.execute(sql`update jobs set max_attempts = 1 where name like 'test.sweep.%'`);
    await jobs.enqueue('test.sweep.bad');
    await t.app.ctx.db.execute(sql`update jobs set max_attempts = 1 where name = 'test.sweep.bad'`);
    await jobs.drain();
    t.clock.advance(23 * 3600_000);
    await jobs.enqueue('test.sweep.ok', { n: 'young' });
    await jobs.enqueue('test.sweep.ok', { n: 'waiting' }, { runAt: new Date(t.clock.now().getTime() + 9e9) });
    await jobs.drain();
    const left = async () =>
      (
        await queryRows<{ payload: { n?: string }; status: string }>(
          t.app.ctx.db,
          sql`select payload, status from jobs where name like 'test.sweep.%' order by id`,
        )
      ).map((r) => `${r.payload.n ?? '-'}:${r.status}`);
    await jobs.runRecurring(SWEEP_JOBS);
    expect(await left()).toEqual(['old:done', '-:failed', 'young:done', 'waiting:queued']);
    t.clock.advance(2 * 3600_000);
    await jobs.runRecurring(SWEEP_JOBS);
    expect(await left()).toEqual(['young:done', 'waiting:queued']);
  });

  it('lists failed jobs and the queues by state and age; a retry queues a failed job again', async () => {
    const jobs = createJobs(t.app.ctx.db, t.clock, { error: () => undefined });
    let fail = true;
    jobs.define('test.retry', async () => {
      if (fail) throw new Error('provider down: 503');
    });
    await jobs.enqueue('test.retry', { order: 7 });
    await t.app.ctx.db.execute(sql`update jobs set max_attempts = 2 where name = 'test.retry'`);
    await jobs.drain();
    t.clock.advance(60_000);
    await jobs.drain();
    const { rows } = await failedJobs(t.app.ctx.db, { name: 'test.retry' });
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'test.retry',
        payload: { order: 7 },
        attempts: 2,
        maxAttempts: 2,
        lastError: 'provider down: 503',
        failedAt: t.clock.now(),
      }),
    ]);
    t.clock.advance(90_000);
    const queues = await jobQueues(t.app.ctx.db, t.clock.now());
    expect(queues.find((q) => q.name === 'test.retry')).toEqual({
      name: 'test.retry',
      state: 'failed',
      count: 1,
      oldestAgeSeconds: 150,
      due: 0,
    });
    const id = rows[0]?.id ?? '';
    expect(await retryFailedJob(t.app.ctx.db, id, t.clock.now())).toMatchObject({ id, attempts: 2 });
    expect(await retryFailedJob(t.app.ctx.db, id, t.clock.now())).toBeNull();
    expect((await jobQueues(t.app.ctx.db, t.clock.now())).find((q) => q.name === 'test.retry')).toMatchObject(
      {
        state: 'queued',
        count: 1,
        due: 1,
      },
    );
    fail = false;
    expect(await jobs.drain()).toBe(1);
    expect((await failedJobs(t.app.ctx.db, { name: 'test.retry' })).rows).toEqual([]);
  });
});
