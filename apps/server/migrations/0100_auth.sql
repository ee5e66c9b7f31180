-- Auth (modules/auth): password reset tokens and the last TOTP time step each player has used (no replay).
create table password_reset_tokens (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_tokens_player on password_reset_tokens (player_id);

create table totp_used_steps (
  player_id bigint primary key references players(id) on delete cascade,
  last_step bigint not null
);
