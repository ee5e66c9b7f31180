-- The player CRM (issue 40, docs/decisions/065-player-crm.md): what operators keep about a player (notes, tags,
-- risk flags) and the named filter sets they browse the players by (segments). The crm module owns these tables;
-- the player list reads the other modules' data through the views they define below (each named for its owner).

create table crm_player_notes (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  body text not null check (length(body) between 1 and 2000),
  operator_id bigint,
  operator_email text not null,
  created_at timestamptz not null
);
create index crm_player_notes_player on crm_player_notes (player_id, id desc);

-- A tag is a short lower-case word an operator gives a player (vip, affiliate-x, call-back); the list filters by it.
create table crm_player_tags (
  player_id bigint not null references players(id) on delete cascade,
  tag text not null check (tag ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  created_by text not null,
  created_at timestamptz not null,
  primary key (player_id, tag)
);
create index crm_player_tags_tag on crm_player_tags (tag, player_id);

-- A risk flag is one of a fixed list, set with a reason; clearing it deletes the row (the audit log keeps both).
create table crm_player_flags (
  player_id bigint not null references players(id) on delete cascade,
  flag text not null check (flag in
    ('fraud_suspected', 'bonus_abuse', 'chargeback', 'multi_account', 'payment_risk', 'under_review')),
  reason text not null check (length(reason) between 3 and 500),
  set_by text not null,
  set_at timestamptz not null,
  primary key (player_id, flag)
);
create index crm_player_flags_flag on crm_player_flags (flag, player_id);

-- A segment: a named filter of the player list (the list's query fields), the operator's own or shared (owner null).
create table crm_segments (
  id bigserial primary key,
  name text not null check (length(name) between 1 and 80),
  filter jsonb not null,
  owner_id bigint references operators(id) on delete cascade,
  created_by text not null,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create unique index crm_segments_name on crm_segments (coalesce(owner_id, 0), lower(name));

-- The owners' reads the player list and the round history need (plain views the planner folds into the query).
-- The players module: who a player is, as the back-office lists them.
create view players_directory_v as
  select id, login, login_key, email, phone, status, currency, country_code, locale, created_at
    from players;

-- The cashier: a player's paid deposits and withdrawals.
create view cashier_player_payments_v as
  select player_id, type, amount, created_at
    from cashier_transactions
   where status = 'success';

-- Verification: where a player's KYC stands (no row: never started).
create view verification_player_status_v as
  select player_id, status
    from kyc_applicants;

-- Responsible gaming: time-outs and self-exclusions (the reader says which are in force at its own time), and the
-- loss and session limits set.
create view responsible_gaming_exclusion_spans_v as
  select player_id, type, starts_at, ends_at
    from rg_exclusions;
create view responsible_gaming_limits_set_v as
  select player_id, kind
    from rg_limits
   where amount is not null;

-- Loyalty: a player's level (the highest active level their lifetime points reach).
create view loyalty_player_levels_v as
  select a.player_id, a.lifetime,
         (select l.sysname from loyalty_levels l
           where l.is_active and l.min_points <= a.lifetime
           order by l.min_points desc limit 1) as level
    from loyalty_accounts a;

-- The wallet: a player's game rounds (stake, win, status), newest first by id.
create view wallet_player_rounds_v as
  select id, player_id, provider, round_id, game, mode, bet_total, win_total, status, created_at, updated_at
    from game_rounds;

-- The player list sorts and filters by these at volume (bench/backoffice-volume.ts).
create index if not exists players_status_country on players (status, country_code);
create index if not exists cashier_transactions_paid on cashier_transactions (player_id, type, created_at)
  include (amount) where status = 'success';

-- Loyalty: the active levels, lowest first (the list's level filter offers them).
create view loyalty_level_names_v as
  select sysname, min_points
    from loyalty_levels
   where is_active;
