/**
 * The reports module: daily aggregates of the ledger and the rounds, kept by the jobs queue. Every 15 minutes
 * each instance enqueues today's and yesterday's rebuild under a singleton key, so it runs once across instances;
 * any day can be rebuilt on demand (the back-office's "recompute" and `reports.day` jobs).
 */
import type { TModule } from '../../platform/context.ts';
import { dayOf, recomputeReportDay } from './aggregate-day.ts';

export const REPORT_JOB = 'reports.day';
const EVERY_MS = 15 * 60_000;

export const reportsModule: TModule = {
  name: 'reports',
  register(_app, ctx) {
    ctx.jobs.define(REPORT_JOB, async (payload) => {
      await recomputeReportDay(ctx.db, String(payload.day), ctx.providers.clock.now());
    });
    ctx.jobs.every(REPORT_JOB, EVERY_MS, async () => {
      const now = ctx.providers.clock.now();
      const slot = Math.floor(now.getTime() / EVERY_MS);
      for (const day of [dayOf(new Date(now.getTime() - 86_400_000)), dayOf(now)])
        await ctx.jobs.enqueue(REPORT_JOB, { day }, { singletonKey: `${REPORT_JOB}:${day}:${slot}` });
    });
  },
};
