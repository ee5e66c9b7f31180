-- The sportsbook (modules/sportsbook): the model its odds feed builds (events, markets, outcomes), the feed's
-- applied message ids, the players' bets with their legs, and the debts a settlement rollback leaves. Odds are
-- integer thousandths (1.85 → 1850); money is integer cents and moves only through the wallet and the ledger.

create table sb_feed_messages (
  message_id text primary key,
  type text not null,
  received_at timestamptz not null
);

create table sb_events (
  id text primary key,
  sport text not null,
  tournament text not null default '',
  -- [{ id, name }]: home first.
  competitors jsonb not null default '[]'::jsonb,
  start_time timestamptz not null,
  status text not null default 'not_started'
    check (status in ('not_started', 'live', 'suspended', 'ended', 'closed', 'cancelled')),
  -- { home, away } or null.
  score jsonb,
  -- The feed timestamp (ms) of the last fixture or status applied.
  last_ts bigint not null default 0,
  updated_at timestamptz not null
);
create index sb_events_sport_start on sb_events (sport, start_time);

create table sb_markets (
  event_id text not null references sb_events (id),
  market_id integer not null,
  -- UOF specifiers as sent (`total=2.5`, `hcp=-1`); '' when none.
  specifiers text not null default '',
  -- 1 active, -1 suspended, 0 deactivated.
  status smallint not null default 1 check (status in (-1, 0, 1)),
  -- Suspended by the alive watchdog (lifted when the feed is alive again), not by the feed itself.
  watchdog_suspended boolean not null default false,
  -- The feed timestamp (ms) of the last message applied to this market: an older one is ignored.
  last_ts bigint not null default 0,
  updated_at timestamptz not null,
  primary key (event_id, market_id, specifiers)
);

create table sb_outcomes (
  event_id text not null,
  market_id integer not null,
  specifiers text not null default '',
  outcome_id text not null,
  odds integer not null check (odds >= 1000),
  active boolean not null default true,
  -- The settlement (null while unsettled): result 0|1, void factor in halves (0, 1, 2 = 0, 0.5, 1), dead-heat
  -- factor as exact decimal text.
  result smallint check (result in (0, 1)),
  void_halves smallint check (void_halves in (0, 1, 2)),
  dead_heat text,
  primary key (event_id, market_id, specifiers, outcome_id),
  foreign key (event_id, market_id, specifiers) references sb_markets (event_id, market_id, specifiers)
);

create table sb_bets (
  id bigserial primary key,
  player_id bigint not null references players (id),
  -- The placement's bet_uuid and the bet's place in it (singles: one bet per selection).
  bet_uuid text not null,
  seq integer not null,
  type text not null check (type in ('single', 'combo', 'system')),
  -- A k-of-n system: k; a named system (trixie, yankee, lucky15…): its key.
  system_size integer,
  system_name text,
  -- Combinations of a system bet (1 for a single or combo).
  lines integer not null check (lines >= 1),
  stake bigint not null check (stake > 0),
  total_stake bigint not null check (total_stake > 0),
  potential_payout bigint not null,
  payout bigint not null default 0,
  status text not null default 'open'
    check (status in ('open', 'won', 'lost', 'void', 'cashed_out', 'cancelled')),
  is_live boolean not null default false,
  -- The wallet session and round the stake went through; settlements are wins on that round.
  wallet_token text not null,
  round_id text not null,
  -- How many times the bet was settled (a rollback reopens it; the next settlement is a new wallet win).
  settle_count integer not null default 0,
  placed_at timestamptz not null,
  settled_at timestamptz,
  unique (player_id, bet_uuid, seq)
);
create index sb_bets_player on sb_bets (player_id, id desc);
create index sb_bets_open on sb_bets (status) where status = 'open';

create table sb_bet_legs (
  bet_id bigint not null references sb_bets (id),
  leg integer not null,
  event_id text not null,
  market_id integer not null,
  specifiers text not null default '',
  outcome_id text not null,
  odds integer not null,
  -- Void by a bet_cancel window: counts as odds 1 (a single's stake comes back).
  cancelled boolean not null default false,
  primary key (bet_id, leg)
);
create index sb_bet_legs_market on sb_bet_legs (event_id, market_id, specifiers);

-- What a settlement rollback could not take back (the player had spent the winnings): later deposits repay it
-- first. remaining reaches 0 when repaid.
create table sb_debts (
  id bigserial primary key,
  player_id bigint not null references players (id),
  bet_id bigint not null references sb_bets (id),
  amount bigint not null check (amount > 0),
  remaining bigint not null check (remaining >= 0),
  created_at timestamptz not null,
  repaid_at timestamptz
);
create index sb_debts_open on sb_debts (player_id) where remaining > 0;

-- An operator's stake factor per player (1.0 = the book's limits; 0.5 halves them).
create table sb_player_limits (
  player_id bigint primary key references players (id),
  stake_factor numeric(6, 3) not null default 1 check (stake_factor >= 0),
  updated_at timestamptz not null
);

-- When the feed last said it was alive (one row, key 'alive'): the watchdog suspends live markets past the timeout.
create table sb_feed_state (
  key text primary key,
  at timestamptz not null
);
