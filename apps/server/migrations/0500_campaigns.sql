-- Campaigns (modules/campaigns): the operator's deposit offers, seeded from content/campaigns/offers.json, and the
-- bonuses granted to players by them. The bonus money itself lives in the ledger (player `bonus` account).
-- An offer whose edited_at is set was changed by an operator and is never overwritten by the seed; an unedited
-- offer follows content/ when its entry changes.
create table campaign_offers (
  -- Stable ids from content (makedeposit's campaign_offer_id); -1 means "no offer" and is never a row.
  id bigint primary key check (id > 0),
  sysname text not null unique,
  action text not null check (action in ('deposit')),
  -- Who satisfies the offer: no successful deposit yet, at least one, or anyone.
  condition text not null check (condition in ('first_deposit', 'reload', 'any')),
  -- Payment method sysnames the offer does not apply to (spec §3 trigger.params.exclude_methods).
  exclude_methods jsonb not null default '[]'::jsonb,
  -- The smallest deposit (cents) that takes the offer.
  min_amount bigint not null default 0 check (min_amount >= 0),
  -- { image, texts: { <locale>: { title, text } } }: the operator's words per locale, en as the fallback.
  description jsonb not null,
  -- [{ type: 'bonus', percent, max_amount (cents), wager (times the bonus) }].
  promotions jsonb not null,
  priority integer not null default 0,
  is_active boolean not null default true,
  starts_at timestamptz,
  ends_at timestamptz,
  source_hash text not null,
  edited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (starts_at is null or ends_at is null or starts_at < ends_at)
);

create table player_bonuses (
  id bigserial primary key,
  player_id bigint not null references players(id),
  offer_id bigint not null references campaign_offers(id),
  -- The deposit that earned it: one bonus per deposit at most (the ledger key is campaign-bonus:<deposit id>).
  deposit_id text not null unique references cashier_transactions(id),
  amount bigint not null check (amount > 0),
  -- Cents to wager before the bonus turns into real money (amount x the offer's wager).
  wager_requirement bigint not null check (wager_requirement >= 0),
  wagered bigint not null default 0 check (wagered >= 0),
  status text not null check (status in ('active', 'wagered', 'forfeited', 'expired')),
  granted_at timestamptz not null,
  updated_at timestamptz not null
);
create index player_bonuses_player on player_bonuses (player_id, status);
