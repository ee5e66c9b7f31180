-- Tournaments (modules/competitions): the operator's tournaments, each player's entry with its points (kept by the
-- bet pipeline's `tournament_points` consequence in the bet's own transaction), and the winners of a closed one.
create table tournaments (
  id bigserial primary key,
  -- The seed's key (content/competitions/tournaments.json); null for one made in the back-office.
  sysname text unique,
  -- Words per locale: {"en": "…", "de": "…"}; en is the fallback.
  title jsonb not null default '{}'::jsonb,
  description jsonb not null default '{}'::jsonb,
  image_url text,
  tags text[] not null default '{}',
  -- The provider (studio) the tournament is about, shown on the card; the games it counts are `games`.
  provider text,
  -- Sysnames that count (empty: every game) and catalogue kinds that count (empty: every kind).
  games text[] not null default '{}',
  game_kinds text[] not null default '{}',
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  scoring text not null check (scoring in ('wagered', 'won', 'multiplier', 'rounds')),
  -- A bet counts only from this stake (minor units); a win counts only when its round's stake reached it.
  min_bet bigint not null default 0 check (min_bet >= 0),
  -- Restrictions: players' countries (empty: all), the players' currency (null: any), opt-in or automatic.
  countries text[] not null default '{}',
  currency text not null default 'USD',
  opt_in boolean not null default true,
  reset_on_cashout boolean not null default false,
  -- [{"place": 1, "type": "cash", "amount": 50000}, …] in minor units of `currency`.
  prizes jsonb not null default '[]'::jsonb,
  -- open: running or waiting; closing: standings frozen, prizes being paid; finished; cancelled.
  state text not null default 'open' check (state in ('open', 'closing', 'finished', 'cancelled')),
  extra jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at)
);
create index tournaments_open on tournaments (state, ends_at);

create table tournament_entries (
  tournament_id bigint not null references tournaments(id) on delete cascade,
  player_id bigint not null references players(id),
  -- wagered / won: minor units; multiplier: hundredths of the best win ÷ stake; rounds: a count.
  points bigint not null default 0,
  -- When the points last changed: of two equal scores the one reached first ranks higher.
  reached_at timestamptz not null,
  joined_at timestamptz not null,
  primary key (tournament_id, player_id)
);
create index tournament_entries_rank on tournament_entries (tournament_id, points desc, reached_at, player_id);

create table tournament_winners (
  tournament_id bigint not null references tournaments(id) on delete cascade,
  place int not null,
  player_id bigint not null references players(id),
  points bigint not null,
  -- The prize in minor units of the tournament's currency (0: a place without a prize is not recorded).
  prize bigint not null check (prize > 0),
  -- The ledger transaction that paid it (null until paid; the ledger's idempotency key makes the payout once).
  ledger_transaction_id bigint,
  paid_at timestamptz,
  primary key (tournament_id, place)
);
