-- The jobs queue keeps finished jobs for JOBS_RETENTION_HOURS (docs/decisions/063): failed jobs now carry the time
-- they failed in finished_at like done ones, and the sweep and the back-office's failed list find them by it.
update jobs set finished_at = coalesce(run_at, created_at) where status = 'failed' and finished_at is null;
create index jobs_finished on jobs (finished_at) where status in ('done', 'failed');
