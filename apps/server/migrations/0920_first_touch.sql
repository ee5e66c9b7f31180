-- The first touch (modules/events): a visitor's first /hit (referrer without its query, landing path, tracking
-- params, first-seen time), keyed by the hash of the visitor cookie and never overwritten; copied onto the
-- player at registration and shown in the back-office as the sign-up source.
create table visitor_first_touches (
  visitor text primary key,
  referer text,
  landing_path text,
  params jsonb not null default '{}'::jsonb,
  first_seen_at timestamptz not null
);
create index visitor_first_touches_seen on visitor_first_touches (first_seen_at);

create table player_first_touches (
  player_id bigint primary key references players(id) on delete cascade,
  referer text,
  landing_path text,
  params jsonb not null default '{}'::jsonb,
  first_seen_at timestamptz not null,
  registered_at timestamptz not null
);
