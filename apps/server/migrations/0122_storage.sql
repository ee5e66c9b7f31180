-- A player's key-value store (modules/storage): small client settings such as already_seen_cashback_id.
create table player_storage (
  player_id bigint not null references players(id) on delete cascade,
  key text not null,
  value text not null,
  updated_at timestamptz not null default now(),
  primary key (player_id, key)
);
