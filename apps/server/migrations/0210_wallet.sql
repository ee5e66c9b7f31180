-- The seamless wallet (modules/wallet): game sessions, rounds, provider transactions, early rollbacks.
create table wallet_sessions (
  token text primary key,
  player_id bigint not null references players(id) on delete cascade,
  provider text not null,
  game text not null,
  mode text not null check (mode in ('real', 'demo')),
  created_at timestamptz not null,
  expires_at timestamptz not null
);
create index wallet_sessions_player on wallet_sessions (player_id);

create table game_rounds (
  id bigserial primary key,
  provider text not null,
  round_id text not null,
  player_id bigint not null references players(id),
  game text not null,
  mode text not null check (mode in ('real', 'demo')),
  bet_total bigint not null default 0 check (bet_total >= 0),
  win_total bigint not null default 0 check (win_total >= 0),
  status text not null default 'open' check (status in ('open', 'closed', 'rolled_back')),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  unique (provider, round_id)
);
create index game_rounds_player on game_rounds (player_id, id desc);

create table wallet_transactions (
  id bigserial primary key,
  provider text not null,
  transaction_id text not null,
  type text not null check (type in ('bet', 'win', 'rollback')),
  player_id bigint not null references players(id),
  round_id text not null,
  amount bigint not null check (amount >= 0),
  reference_transaction_id text,
  status text not null default 'ok' check (status in ('ok', 'rolled_back')),
  ledger_transaction_id bigint references ledger_transactions(id),
  -- SHA-256 of the request's content: a repeat with the same id must be the same request.
  fingerprint text not null,
  -- The first answer, given again to every repeat.
  response jsonb not null,
  created_at timestamptz not null,
  unique (provider, transaction_id)
);
create index wallet_transactions_round on wallet_transactions (provider, round_id);

-- A rollback that arrived before its bet: the bet, when it comes, is refused.
create table wallet_rollback_marks (
  provider text not null,
  transaction_id text not null,
  rollback_transaction_id text not null,
  player_id bigint not null references players(id),
  created_at timestamptz not null,
  primary key (provider, transaction_id)
);
