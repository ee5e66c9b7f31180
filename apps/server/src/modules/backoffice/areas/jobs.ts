/**
 * The jobs queue (platform/jobs.ts) as operators see it: each queue by state with its oldest job's age, the failed
 * jobs with their error, attempts and times, and a retry (docs/decisions/063). Reading needs jobs.read; a retry
 * needs jobs.retry, carries the form's CSRF token like every post, and is in the audit log with the job as it was.
 */

import { invalidParameters } from '../../../platform/http/app-error.ts';
import { failedJobs, jobQueues, retryFailedJob } from '../../../platform/jobs-admin.ts';
import { recordAudit } from '../audit-log.ts';
import { addFlashMessages, type TFlashMessages } from '../flash.ts';
import { pageOf, queryOf, type TRouteArea } from '../route-kit.ts';
import { jobsBody } from '../ui/jobs-page.ts';

const JOBS_FLASH: TFlashMessages = {
  ok: { job_retried: 'The job is queued again: a worker picks it up within seconds.' },
  errors: {
    id_notFound: 'That job is not a failed one any more (retried already, or swept): nothing changed.',
  },
  under: '/admin/jobs',
};

/** A job name from the query: the names the code gives (`reports.recompute`), else none. */
const nameOf = (value: string | undefined) => (value && /^[\w.:-]{1,100}$/.test(value) ? value : '');
const JOB_ID = /^[1-9][0-9]{0,17}$/;

export const jobsArea: TRouteArea = (admin, kit, ctx) => {
  addFlashMessages(JOBS_FLASH);
  admin.get('/jobs', async (request, reply) => {
    await kit.need(request, 'jobs.read');
    const name = nameOf(queryOf(request).name);
    const page = pageOf(request);
    const now = ctx.providers.clock.now();
    const [queues, failed] = await Promise.all([
      jobQueues(ctx.db, now),
      failedJobs(ctx.db, { page, name: name || undefined }),
    ]);
    return kit.render(
      request,
      reply,
      'Jobs',
      'jobs',
      jobsBody({
        queues,
        failed,
        name,
        page,
        csrf: kit.csrfOf(request),
        canRetry: kit.allowed(request)('jobs.retry'),
        retentionHours: ctx.config.JOBS_RETENTION_HOURS,
      }),
    );
  });

  admin.post('/jobs/:id/retry', async (request, reply) => {
    await kit.need(request, 'jobs.retry');
    const id = (request.params as { id: string }).id;
    const back = '/admin/jobs';
    return kit.act(reply, back, 'job_retried', async () => {
      if (!JOB_ID.test(id)) throw invalidParameters({ id: 'notFound' });
      const now = ctx.providers.clock.now();
      await ctx.db.transaction(async (tx) => {
        const job = await retryFailedJob(tx, id, now);
        if (!job) throw invalidParameters({ id: 'notFound' });
        await recordAudit(tx, kit.actorOf(request), {
          action: 'job.retried',
          target: { type: 'job', id },
          before: {
            name: job.name,
            status: 'failed',
            attempts: job.attempts,
            last_error: job.lastError,
            failed_at: job.failedAt?.toISOString() ?? null,
          },
          after: { status: 'queued', attempts: 0 },
          at: now,
        });
      });
      ctx.jobs.wake();
    });
  });
};
