-- Playing our own games (modules/games/play and modules/games/live): provably fair seed pairs, rounds with their
-- replay record, visitors' play money, freespins packs, the winners feed, history exports, live tables.

-- A provably fair pair: the server seed is secret until the pair is rotated; the nonce counts its rounds.
-- Its owner is a player or a visitor (the SHA-256 of the visitor cookie).
create table fair_seed_pairs (
  id bigserial primary key,
  player_id bigint references players(id) on delete cascade,
  visitor text,
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null,
  client_seed text not null,
  nonce integer not null default 0 check (nonce >= 0),
  status text not null default 'active' check (status in ('active', 'revealed')),
  created_at timestamptz not null,
  revealed_at timestamptz,
  check ((player_id is null) <> (visitor is null))
);
create unique index fair_seed_pairs_active_player on fair_seed_pairs (player_id) where status = 'active' and player_id is not null;
create unique index fair_seed_pairs_active_visitor on fair_seed_pairs (visitor) where status = 'active' and visitor is not null;

-- A live table's round: a fresh server seed committed (hash published) when betting opens, revealed at the spin.
create table live_table_rounds (
  id text primary key,
  sysname text not null,
  table_name text not null,
  seq integer not null,
  server_seed text not null,
  server_seed_hash text not null,
  client_seed text not null,
  phase text not null check (phase in ('betting', 'spinning', 'settled')),
  opened_at timestamptz not null,
  closes_at timestamptz not null,
  pocket integer,
  spun_at timestamptz,
  unique (sysname, seq)
);
create index live_table_rounds_current on live_table_rounds (sysname, seq desc);

-- One round of one of our games: the seeds it ran under, the actions in order (replay input) and the private state.
create table play_rounds (
  id text primary key,
  player_id bigint references players(id) on delete cascade,
  visitor text,
  sysname text not null,
  game text not null,
  engine_params jsonb not null default '{}',
  mode text not null check (mode in ('real', 'demo')),
  pair_id bigint references fair_seed_pairs(id),
  live_round_id text references live_table_rounds(id),
  server_seed_hash text not null,
  client_seed text not null,
  nonce integer not null,
  -- encodeGameJson texts (bigints kept exact)
  actions text not null,
  state text,
  outcome text,
  status text not null default 'open' check (status in ('open', 'finished', 'rolled_back')),
  staked bigint not null default 0 check (staked >= 0),
  win bigint not null default 0 check (win >= 0),
  currency text not null default 'USD',
  freespins_pack_id bigint,
  created_at timestamptz not null,
  updated_at timestamptz not null,
  finished_at timestamptz,
  check ((player_id is null) <> (visitor is null)),
  check ((pair_id is null) <> (live_round_id is null))
);
create unique index play_rounds_pair_nonce on play_rounds (pair_id, nonce) where pair_id is not null;
create index play_rounds_player on play_rounds (player_id, created_at desc) where player_id is not null;
create index play_rounds_visitor on play_rounds (visitor, created_at desc) where visitor is not null;
create index play_rounds_open on play_rounds (updated_at) where status = 'open';
create index play_rounds_live on play_rounds (live_round_id) where live_round_id is not null;

-- The wallet sessions our games hold per player, game and mode (the wallet's token is reused while valid).
create table play_wallet_sessions (
  player_id bigint not null references players(id) on delete cascade,
  sysname text not null,
  mode text not null,
  token text not null,
  expires_at timestamptz not null,
  primary key (player_id, sysname, mode)
);

-- Visitors' play money (a visitor has no ledger accounts): never below zero; each movement once by its id.
create table play_visitor_wallets (
  visitor text primary key,
  balance bigint not null check (balance >= 0),
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create table play_visitor_moves (
  transaction_id text primary key,
  visitor text not null references play_visitor_wallets(visitor) on delete cascade,
  kind text not null check (kind in ('bet', 'win', 'rollback')),
  amount bigint not null check (amount >= 0),
  reference text,
  created_at timestamptz not null
);

-- Freespins packs (spec §3: game.sysname, remaining_count): played by the slot's free-spins feature.
create table game_freespins_packs (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  sysname text not null,
  remaining_count integer not null check (remaining_count >= 0),
  stake bigint not null check (stake > 0),
  source text not null default '',
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index game_freespins_packs_player on game_freespins_packs (player_id, sysname) where remaining_count > 0;

-- Big wins in real mode for the winners feed.
create table game_winners (
  round_id text primary key references play_rounds(id) on delete cascade,
  player_id bigint not null references players(id) on delete cascade,
  -- the public name at the time of the win, masked when shown
  player_name text not null,
  sysname text not null,
  bet bigint not null,
  win bigint not null,
  currency text not null,
  created_at timestamptz not null
);
create index game_winners_recent on game_winners (created_at desc);

-- History CSV exports, made by a background job and downloadable by their owner only.
create table game_history_exports (
  id text primary key,
  player_id bigint not null references players(id) on delete cascade,
  filters jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'ready', 'failed')),
  rows integer,
  csv text,
  created_at timestamptz not null,
  finished_at timestamptz
);
create index game_history_exports_player on game_history_exports (player_id, created_at desc);
