-- The background job queue (platform/jobs.ts): claimed with FOR UPDATE SKIP LOCKED by any instance.
create table jobs (
  id bigserial primary key,
  name text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 5,
  run_at timestamptz not null default now(),
  locked_until timestamptz,
  last_error text,
  singleton_key text unique,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index jobs_due on jobs (run_at) where status in ('queued', 'running');
