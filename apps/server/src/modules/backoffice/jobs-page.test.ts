import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/database.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeOperator, signInOperator } from './backoffice-test-helpers.ts';
import { operatorAudit } from './schema.ts';

let t: TTestApp;
let failing = true;
beforeAll(async () => {
  t = await createTestApp();
  t.app.ctx.jobs.define('test.payout.callback', async () => {
    if (failing) throw new Error('provider answered 503 <Service Unavailable>');
  });
});
afterAll(() => t.close());

/** Queues a job that fails at its only attempt; answers its id. */
const failedJob = async (payload: Record<string, unknown>) => {
  await t.app.ctx.jobs.enqueue('test.payout.callback', payload);
  await t.app.ctx.db.execute(
    sql`update jobs set max_attempts = 1 where name = 'test.payout.callback' and status = 'queued'`,
  );
  await t.app.ctx.jobs.drain();
  const rows = await queryRows<{ id: string; status: string }>(
    t.app.ctx.db,
    sql`select id::text, status from jobs where payload = ${JSON.stringify(payload)}::jsonb`,
  );
  expect(rows[0]?.status).toBe('failed');
  return rows[0]?.id ?? '';
};
const statusOf = async (id: string) =>
  (await queryRows<{ status: string }>(t.app.ctx.db, sql`select status from jobs where id = ${id}`))[0]
    ?.status;

describe('the jobs page of the back-office', () => {
  it('lists a failed job with its error, attempts and times; its retry button queues it again (audited)', async () => {
    failing = true;
    const id = await failedJob({ withdrawal: 41 });
    const failedAt = t.clock.now();
    const admin = await makeOperator(t.app, 'admin');
    const client = await signInOperator(t.app, t.clock, admin);
    const page = await client.get('/admin/jobs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<a href="/admin/jobs" aria-current="page">Jobs');
    const row = new RegExp(`<tr data-job="${id}">[\\s\\S]*?</tr>`).exec(page.body)?.[0] ?? '';
    expect(row).toContain('test.payout.callback');
    // The error as it was thrown, escaped.
    expect(row).toContain('provider answered 503 &lt;Service Unavailable&gt;');
    expect(row).toContain('1 of 1');
    expect(row).toContain(`datetime="${failedAt.toISOString()}"`);
    expect(row).toContain(`action="/admin/jobs/${id}/retry"`);
    // The queues by state: the failed one counted with its age.
    const queue = /<tr data-queue="test.payout.callback">[\s\S]*?<\/tr>/.exec(page.body)?.[0] ?? '';
    expect(queue).toMatch(/data-state="failed">1<br><span class="muted">oldest \d+ s/);

    t.clock.advance(5_000);
    const retried = await client.post(`/admin/jobs/${id}/retry`);
    expect(retried.statusCode).toBe(303);
    expect(retried.headers.location).toBe('/admin/jobs?ok=job_retried');
    expect(await statusOf(id)).toBe('queued');
    const [audit] = await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.action, 'job.retried'));
    expect(audit).toMatchObject({
      operatorId: admin.id,
      targetType: 'job',
      targetId: id,
      before: expect.objectContaining({ status: 'failed', attempts: 1, name: 'test.payout.callback' }),
      after: { status: 'queued', attempts: 0 },
    });
    const after = await client.get('/admin/jobs?ok=job_retried');
    expect(after.body).toContain('The job is queued again');
    expect(after.body).not.toContain(`<tr data-job="${id}">`);

    // A second retry (a double click, another operator) finds it queued: nothing changes.
    const again = await client.post(`/admin/jobs/${id}/retry`);
    expect(again.headers.location).toBe('/admin/jobs?error=id_notFound');
    failing = false;
    expect(await t.app.ctx.jobs.drain()).toBe(1);
    expect(await statusOf(id)).toBe('done');
  });

  it('needs the form’s CSRF token and the role’s permission', async () => {
    failing = true;
    const id = await failedJob({ withdrawal: 42 });
    const admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
    await admin.get('/admin/jobs');
    const forged = await admin.postRaw(`/admin/jobs/${id}/retry`, { _csrf: 'not-the-token' });
    expect(forged.headers.location).toBe('/admin?error=csrf');
    expect(await statusOf(id)).toBe('failed');

    // The auditor reads the page, without a retry button, and may not retry.
    const auditor = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'auditor'));
    const read = await auditor.get('/admin/jobs');
    expect(read.statusCode).toBe(200);
    expect(read.body).toContain(`<tr data-job="${id}">`);
    expect(read.body).not.toContain(`/admin/jobs/${id}/retry`);
    expect((await auditor.post(`/admin/jobs/${id}/retry`)).statusCode).toBe(403);
    // Support does neither.
    const support = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'support'));
    expect((await support.get('/admin/jobs')).statusCode).toBe(403);
    expect(await statusOf(id)).toBe('failed');
    // A malformed id is refused like a missing one.
    expect((await admin.post('/admin/jobs/1e3/retry')).headers.location).toBe(
      '/admin/jobs?error=id_notFound',
    );
  });
});
