-- Reports (modules/reports): daily aggregates kept by the jobs queue from the ledger and the rounds, so a report
-- over millions of rounds reads a few thousand rows. Every row of a day is rebuilt at once (re-computable).
-- Money in cents of the player's currency; never added across currencies by the queries.

-- What the daily aggregation reads by time (the owning modules' query functions use them).
create index if not exists ledger_transactions_created_at on ledger_transactions (created_at);
create index if not exists game_rounds_created_at on game_rounds (created_at);
create index if not exists players_created_at on players (created_at);

-- One row per day, player, product and game. product: 'casino' | 'betting' for play and bonus rows, '' for cashier
-- rows (deposits, withdrawals: not attributable to a product). game: '' when the row is not play.
create table report_player_days (
  day date not null,
  player_id bigint not null,
  product text not null,
  game text not null,
  provider text not null,
  game_kind text not null,
  country text not null,
  currency text not null,
  stakes bigint not null default 0,
  wins bigint not null default 0,
  -- Settled real-money rounds started that day, and the sums of their return (win / stake) and its square, for
  -- the RTP deviation test.
  rounds integer not null default 0,
  return_sum double precision not null default 0,
  return_sq_sum double precision not null default 0,
  deposits bigint not null default 0,
  deposit_count integer not null default 0,
  first_deposits integer not null default 0,
  withdrawals bigint not null default 0,
  bonus_granted bigint not null default 0,
  bonus_converted bigint not null default 0,
  primary key (day, player_id, product, game)
);
create index report_player_days_player on report_player_days (player_id, day);
-- Counting active players of a range reads only this index.
create index report_player_days_active on report_player_days (currency, day)
  include (player_id, product, game, provider, game_kind, country, stakes);

-- The same figures without the player: what every money figure and the RTP table sum (a few hundred rows a day).
create table report_daily (
  day date not null,
  product text not null,
  game text not null,
  provider text not null,
  game_kind text not null,
  country text not null,
  currency text not null,
  stakes bigint not null,
  wins bigint not null,
  rounds bigint not null,
  return_sum double precision not null,
  return_sq_sum double precision not null,
  deposits bigint not null,
  deposit_count bigint not null,
  first_deposits bigint not null,
  withdrawals bigint not null,
  bonus_granted bigint not null,
  bonus_converted bigint not null,
  primary key (day, currency, country, product, game)
);

create table report_registrations (
  day date not null,
  country text not null,
  currency text not null,
  registrations integer not null,
  primary key (day, country, currency)
);

-- The days aggregated so far and when (the dashboard shows how fresh the figures are).
create table report_days (
  day date primary key,
  computed_at timestamptz not null
);
