/**
 * The reports module: daily aggregates of the ledger and the rounds, kept by the jobs queue. Every minute each
 * instance enqueues today's rebuild, and every 15 minutes yesterday's (its last movements, committed after
 * midnight), under a singleton key per slot, so each runs once across instances; any day can be rebuilt on demand
 * (the back-office's "recompute" and `reports.day` jobs).
 */
import type { TModule } from '../../platform/context.ts';
import { dayOf, daysBetween, recomputeReportDays } from './aggregate-day.ts';

export const REPORT_JOB = 'reports.day';
/** Today's figures are at most this old (plus the rebuild's own time). */
export const TODAY_EVERY_MS = 60_000;
const YESTERDAY_EVERY_MS = 15 * 60_000;

export const reportsModule: TModule = {
  name: 'reports',
  register(_app, ctx) {
    // { day } or a range { from, to } (migrations/1100 rebuilds the days aggregated before it, a month a job).
    ctx.jobs.define(REPORT_JOB, async (payload) => {
      const days = payload.day
        ? [String(payload.day)]
        : daysBetween(String(payload.from), String(payload.to));
      await recomputeReportDays(ctx.db, days, ctx.providers.clock.now());
    });
    ctx.jobs.every(REPORT_JOB, TODAY_EVERY_MS, async () => {
      const now = ctx.providers.clock.now();
      const today = dayOf(now);
      const minute = Math.floor(now.getTime() / TODAY_EVERY_MS);
      await ctx.jobs.enqueue(
        REPORT_JOB,
        { day: today },
        { singletonKey: `${REPORT_JOB}:${today}:m${minute}` },
      );
      const slot = Math.floor(now.getTime() / YESTERDAY_EVERY_MS);
      const yesterday = dayOf(new Date(now.getTime() - 86_400_000));
      await ctx.jobs.enqueue(
        REPORT_JOB,
        { day: yesterday },
        { singletonKey: `${REPORT_JOB}:${yesterday}:${slot}` },
      );
    });
  },
};
