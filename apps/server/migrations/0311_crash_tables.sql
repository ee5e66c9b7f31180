-- The shared crash tables (modules/games/live/crash-table.ts). A crash table's rounds are live table rounds like
-- roulette's (a fresh server seed committed when betting opens, client seed = the table's name, nonce = the round
-- number), with the flight's phases: betting → flying → crashed (bets settled) → settled.
alter table live_table_rounds drop constraint live_table_rounds_phase_check;
alter table live_table_rounds add constraint live_table_rounds_phase_check
  check (phase in ('betting', 'spinning', 'settled', 'flying', 'crashed'));
-- The crash point in hundredths, set when the flight starts (secret with the seed until the crash).
alter table live_table_rounds add column crash_point integer check (crash_point >= 100);
alter table live_table_rounds add column crashed_at timestamptz;
-- The last time a server ticked the round: a crash long after it means the table was down (the restart rule).
alter table live_table_rounds add column heartbeat_at timestamptz;
alter table live_table_rounds add column interrupted boolean not null default false;

-- The bets of a crash round as every player sees them (public name masked), and what the table clock reads: the
-- open bets with an auto cash-out the flight has reached. The money and the replay record are in play_rounds.
create table crash_bets (
  round_id text primary key references play_rounds(id) on delete cascade,
  -- the order bets were placed in
  seq bigserial not null,
  table_round_id text not null references live_table_rounds(id),
  sysname text not null,
  player_name text not null,
  mode text not null check (mode in ('real', 'demo')),
  stake bigint not null check (stake > 0),
  currency text not null,
  -- hundredths
  auto_cashout integer,
  status text not null default 'open' check (status in ('open', 'cashed_out', 'lost', 'returned')),
  cashout integer,
  win bigint not null default 0 check (win >= 0),
  created_at timestamptz not null,
  settled_at timestamptz
);
create index crash_bets_round on crash_bets (table_round_id, seq);
create index crash_bets_open_auto on crash_bets (table_round_id, auto_cashout) where status = 'open';
