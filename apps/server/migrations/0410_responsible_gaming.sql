-- Responsible gaming (modules/responsible-gaming): loss and session-time limits with a pending looser change,
-- the reality-check interval, exclusions (time-outs and self-exclusion) and signed-in activity for play time.
create table rg_limits (
  player_id bigint not null references players(id) on delete cascade,
  kind text not null check (kind in ('loss', 'session')),
  -- loss: cents of net loss; session: minutes of signed-in time.
  period_days integer,
  amount bigint,
  pending_period_days integer,
  pending_amount bigint,
  pending_remove boolean not null default false,
  pending_effective_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (player_id, kind),
  check ((period_days is null) = (amount is null))
);

create table rg_settings (
  player_id bigint primary key references players(id) on delete cascade,
  reality_check_minutes integer not null default 0 check (reality_check_minutes between 0 and 240),
  updated_at timestamptz not null default now()
);

create table rg_exclusions (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  type text not null check (type in ('time_out', 'self_exclusion')),
  period text not null,
  starts_at timestamptz not null,
  -- null: permanent.
  ends_at timestamptz,
  created_at timestamptz not null default now()
);
create index rg_exclusions_player on rg_exclusions (player_id, ends_at);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): rg_exclusions_keep_permanent.

-- Signed-in activity: a stretch of requests no more than a few minutes apart; play time is their length.
create table rg_activity (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  started_at timestamptz not null,
  last_seen_at timestamptz not null
);
create index rg_activity_player on rg_activity (player_id, last_seen_at);
