-- Support feedback messages and live-chat events (modules/support).
create table feedback_messages (
  id bigserial primary key,
  player_id bigint references players(id) on delete set null,
  email text,
  message text not null,
  locale text not null default 'en',
  status text not null default 'new' check (status in ('new', 'answered', 'closed')),
  ip text,
  created_at timestamptz not null default now()
);
create index feedback_messages_status on feedback_messages (status, created_at desc);

create table chat_events (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  provider text not null,
  event text not null,
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index chat_events_player on chat_events (player_id, created_at desc);
