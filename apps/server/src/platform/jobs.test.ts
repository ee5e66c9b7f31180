import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../test/test-app.ts';
import { queryRows } from './db/database.ts';
import { createJobs } from './jobs.ts';

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
    const jobs = createJobs(t.app.ctx.db, t.clock, { error: () => undefined }, 2);
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
});
