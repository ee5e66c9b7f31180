-- Loyalty (modules/loyalty): points, levels, programs, quests, the shop and characters.
-- Points are counted in hundredths ("centipoints") so that 0.2 point per $1 on a 10-cent stake is exact; the API
-- shows them with 2 decimals. Texts are jsonb { <locale>: text } with en as the fallback. Rows seeded from
-- content/loyalty/ are never overwritten by a later seed (an operator may have edited them).

-- Per cent of a real stake's cents that become centipoints, per game kind ('*' for every other kind):
-- slots 100 (1 point per $1), other kinds 20 (0.2 point per $1).
create table loyalty_point_rates (
  game_kind text primary key,
  percent integer not null check (percent >= 0 and percent <= 10000)
);

-- The levels of the VIP ladder: reached on lifetime points.
create table loyalty_levels (
  id serial primary key,
  sysname text not null unique,
  min_points bigint not null unique check (min_points >= 0),
  name jsonb not null,
  image text,
  -- null, or { type: 'bonus' | 'cash' | 'points', amount (cents or centipoints), wager? }
  reward jsonb,
  created_at timestamptz not null default now()
);

-- A player's points account: the balance may never go below zero; lifetime counts what was earned (levels).
create table loyalty_accounts (
  player_id bigint primary key references players(id),
  balance bigint not null default 0 check (balance >= 0),
  lifetime bigint not null default 0 check (lifetime >= 0)
);

-- The points ledger, append-only: every change of a balance is one entry; the account follows by trigger.
create table loyalty_point_entries (
  id bigserial primary key,
  player_id bigint not null references players(id),
  kind text not null check (kind in ('bet', 'rollback', 'purchase', 'reward', 'adjustment')),
  delta bigint not null,
  lifetime_delta bigint not null default 0,
  -- The bet transaction ids, the order id, the quest or level, the operator's adjustment id.
  reference text not null,
  -- { game, reason, operator, product… }
  meta jsonb not null default '{}'::jsonb,
  at timestamptz not null
);
create index loyalty_point_entries_player on loyalty_point_entries (player_id, id desc);
-- A purchase, a reward or an adjustment is written once (its reference is its idempotency key).
create unique index loyalty_point_entries_once on loyalty_point_entries (player_id, kind, reference)
  where kind in ('purchase', 'reward', 'adjustment');

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): loyalty_entries_append_only; its
-- loyalty_apply_entry gave way to loyalty_apply_entries (1021).

-- Named programs: the VIP ladder (kind levels) and quest seasons (kind quests), each with a page.
create table loyalty_programs (
  id serial primary key,
  sysname text not null unique check (sysname ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  kind text not null check (kind in ('levels', 'quests')),
  title jsonb not null,
  description jsonb not null,
  image text,
  priority integer not null default 0,
  is_active boolean not null default true,
  starts_at timestamptz,
  ends_at timestamptz,
  check (starts_at is null or ends_at is null or starts_at < ends_at)
);

create table loyalty_quests (
  id serial primary key,
  program_id integer not null references loyalty_programs(id),
  sysname text not null unique,
  -- wager_slots: cents staked on slots; deposit: paid deposits; distinct_games: games played; big_win: wins ≥ 10×.
  kind text not null check (kind in ('wager_slots', 'deposit', 'distinct_games', 'big_win')),
  target bigint not null check (target > 0),
  title jsonb not null,
  description jsonb not null,
  image text,
  reward jsonb not null,
  priority integer not null default 0,
  is_active boolean not null default true,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  check (starts_at < ends_at)
);

-- Progress per player and quest; `item` is '' for counted quests and the game for distinct-games quests.
create table loyalty_quest_progress (
  player_id bigint not null references players(id),
  quest_id integer not null references loyalty_quests(id),
  item text not null default '',
  value bigint not null default 0 check (value >= 0),
  -- The last signed change (the inserted value is clamped at zero; ON CONFLICT adds this one).
  last_delta bigint not null default 0,
  updated_at timestamptz not null,
  primary key (player_id, quest_id, item)
);

-- A reward paid once: a level reached or a quest completed.
create table loyalty_claims (
  player_id bigint not null references players(id),
  kind text not null check (kind in ('level', 'quest')),
  ref_id integer not null,
  claimed_at timestamptz not null,
  primary key (player_id, kind, ref_id)
);

create table loyalty_products (
  id serial primary key,
  sysname text not null unique,
  -- bonus: reward.amount cents of bonus money; cash: cents to main; item: delivered by an operator.
  type text not null check (type in ('bonus', 'cash', 'item')),
  price bigint not null check (price > 0),
  -- null: unlimited; otherwise units left.
  stock integer check (stock is null or stock >= 0),
  -- null: unlimited; otherwise how many one player may buy.
  per_player_limit integer check (per_player_limit is null or per_player_limit > 0),
  reward jsonb not null,
  title jsonb not null,
  description jsonb not null,
  image text,
  priority integer not null default 0,
  is_active boolean not null default true
);

create table loyalty_orders (
  id bigserial primary key,
  player_id bigint not null references players(id),
  product_id integer not null references loyalty_products(id),
  price bigint not null,
  status text not null check (status in ('granted', 'pending_delivery', 'delivered')),
  created_at timestamptz not null
);
create index loyalty_orders_player on loyalty_orders (player_id, product_id);

create table loyalty_characters (
  id serial primary key,
  sysname text not null unique,
  name jsonb not null,
  image text not null,
  priority integer not null default 0,
  is_active boolean not null default true
);

-- The player's chosen character (players.character_id holds the registration's choice; this is the live one).
create table loyalty_player_characters (
  player_id bigint primary key references players(id),
  character_id integer not null references loyalty_characters(id),
  updated_at timestamptz not null
);

create table loyalty_notifications (
  id bigserial primary key,
  player_id bigint not null references players(id),
  -- level_up, quest_completed, product_bought, points_adjusted
  trigger text not null,
  type text not null check (type in ('credit', 'other')),
  -- the texts' variables ({ level, quest, product }) as { <locale>: text } or plain values
  vars jsonb not null default '{}'::jsonb,
  amount bigint,
  amount_type text,
  image text,
  created_at timestamptz not null,
  seen_at timestamptz
);
create index loyalty_notifications_unseen on loyalty_notifications (player_id) where seen_at is null;
