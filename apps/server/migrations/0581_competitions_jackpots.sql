-- Jackpots (modules/competitions): progressive pools in tiers. Each tier's pool is a house account on the ledger
-- (`house:jackpot:<tier id>`), so pool = seeds + contributions - payouts always. Each cycle of a tier has a drop
-- point fixed in advance by a committed server seed (its SHA-256 shown before, the seed revealed after the drop):
-- the real stake that lifts the pool to the drop point wins the pool, which restarts at the tier's seed.
create table jackpots (
  id bigserial primary key,
  -- The seed's key (content/competitions/jackpots.json); null for one made in the back-office.
  sysname text unique,
  name jsonb not null default '{}'::jsonb,
  currency text not null default 'USD',
  -- Eligible stakes: of these games (empty: all) and kinds (empty: all), from min_bet (minor units).
  games text[] not null default '{}',
  game_kinds text[] not null default '{}',
  min_bet bigint not null default 0 check (min_bet >= 0),
  image_url text,
  state text not null default 'active' check (state in ('active', 'paused')),
  created_at timestamptz not null default now()
);

create table jackpot_tiers (
  id bigserial primary key,
  jackpot_id bigint not null references jackpots(id) on delete cascade,
  -- mini, major, grand…
  name text not null,
  -- The share of each eligible stake that feeds this tier, in basis points (100 = 1 %).
  contribution_bp int not null check (contribution_bp > 0 and contribution_bp <= 1000),
  seed bigint not null check (seed > 0),
  must_drop_by bigint not null,
  check (must_drop_by > seed),
  unique (jackpot_id, name)
);

create table jackpot_cycles (
  id bigserial primary key,
  tier_id bigint not null references jackpot_tiers(id) on delete cascade,
  -- pending: committed, waiting its turn; current: the pool runs towards drop_at; dropped: paid, seed revealed.
  status text not null check (status in ('pending', 'current', 'dropped')),
  server_seed text not null,
  seed_hash text not null,
  -- The pool amount (minor units) at which this cycle drops: seed + floor(u × (must_drop_by - seed)),
  -- u = the first 4 bytes of HMAC-SHA256(key = server_seed, message = "<tier id>") / 2^32 (competitions/drop.ts).
  drop_at bigint not null,
  started_at timestamptz,
  dropped_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index jackpot_cycles_current on jackpot_cycles (tier_id) where status = 'current';
create index jackpot_cycles_pending on jackpot_cycles (tier_id, id) where status = 'pending';

create table jackpot_winners (
  id bigserial primary key,
  cycle_id bigint not null unique references jackpot_cycles(id),
  tier_id bigint not null references jackpot_tiers(id),
  player_id bigint not null references players(id),
  amount bigint not null check (amount > 0),
  game text not null,
  -- The stake that dropped it (provider and transaction id, unique per provider).
  provider text not null,
  transaction_id text not null,
  ledger_transaction_id bigint not null,
  won_at timestamptz not null
);
create index jackpot_winners_recent on jackpot_winners (won_at desc, id desc);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): jackpot_pool, jackpot_start_cycle,
-- jackpot_apply.
