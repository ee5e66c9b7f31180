-- Client analytics events (events.handle) and the /hit image beacon (modules/events).
create table tracked_events (
  id bigserial primary key,
  player_id bigint references players(id) on delete set null,
  name text not null,
  params jsonb not null default '{}'::jsonb,
  ip text,
  created_at timestamptz not null default now()
);
create index tracked_events_name on tracked_events (name, created_at desc);
create index tracked_events_player on tracked_events (player_id, created_at desc) where player_id is not null;

create table beacon_hits (
  id bigserial primary key,
  player_id bigint references players(id) on delete set null,
  referer text,
  params jsonb not null default '{}'::jsonb,
  seon_session text,
  ip text,
  user_agent text,
  created_at timestamptz not null default now()
);
create index beacon_hits_created on beacon_hits (created_at desc);
