-- The games catalogue (modules/games/catalogue): studios, categories, games, category membership, favourites.
-- Seeded from content/games on first start; rows the seed inserted are never overwritten, so an operator may
-- hide, reorder or re-categorise games and a restart keeps those choices.
create table game_providers (
  sysname text primary key,
  name text not null,
  description text not null default '',
  -- path under content/ of the logo, served through /_ipx/
  logo text not null,
  priority integer not null default 0,
  is_hidden boolean not null default false,
  created_at timestamptz not null default now()
);

create table game_categories (
  sysname text primary key,
  name text not null,
  icon text not null,
  priority integer not null default 0,
  is_hidden boolean not null default false,
  created_at timestamptz not null default now()
);

create table games (
  sysname text primary key,
  name text not null,
  provider text not null references game_providers(sysname),
  type text not null check (type in ('slot', 'live', 'casino', 'fast', 'betting', 'logical', 'high_low')),
  layout text not null check (layout in ('vertical', 'horizontal')),
  -- the engine of packages/games the game runs on, and that engine's parameters (theme, risk, rows, table …)
  engine text not null,
  engine_params jsonb not null default '{}',
  -- percent with 2 decimals, rounded down from the engine's exact RTP
  rtp numeric(5, 2) not null check (rtp >= 0 and rtp <= 100),
  volatility text not null check (volatility in ('low', 'medium', 'high')),
  lines integer not null default 0 check (lines >= 0),
  min_bet bigint not null check (min_bet > 0),
  max_bet bigint not null,
  description text not null default '',
  -- paths under content/ of the horizontal and vertical tiles
  image text not null,
  image_vertical text not null,
  has_demo boolean not null default true,
  priority integer not null default 0,
  popularity integer not null default 0,
  released_at date not null,
  is_hidden boolean not null default false,
  created_at timestamptz not null default now(),
  check (max_bet >= min_bet)
);
create index games_provider_idx on games (provider);
create index games_type_idx on games (type);
create index games_priority_idx on games (priority, sysname);
create index games_name_lower_idx on games (lower(name));

create table game_category_games (
  category text not null references game_categories(sysname) on delete cascade,
  game text not null references games(sysname) on delete cascade,
  position integer not null default 0,
  primary key (category, game)
);
create index game_category_games_game_idx on game_category_games (game);

create table game_likes (
  player_id bigint not null references players(id) on delete cascade,
  game text not null references games(sysname) on delete cascade,
  created_at timestamptz not null,
  primary key (player_id, game)
);
