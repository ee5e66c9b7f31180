-- Promo codes (modules/campaigns/promo-codes.ts), seeded from content/campaigns/promo-codes.json and made in the
-- back-office (one by one or in batches). A code grants a bonus from a template (modules/bonuses) and/or a
-- freespins pack. Validity window, a total limit and a per-player limit, eligibility (new players, countries,
-- paid deposits). Activations of one code serialise on its row (the `uses` counter is updated under that lock).
create table promo_codes (
  id bigserial primary key,
  -- Matched without regard to case; shown as written.
  code text not null,
  template_id bigint references bonus_templates(id),
  -- The bonus in cents; the template's amount when null.
  bonus_amount bigint check (bonus_amount is null or bonus_amount > 0),
  -- A freespins pack: { "sysname": game, "count": n, "bet": cents }.
  freespins jsonb,
  starts_at timestamptz,
  ends_at timestamptz,
  -- Activations in all; null: no limit.
  max_uses integer check (max_uses is null or max_uses > 0),
  per_player_limit integer not null default 1 check (per_player_limit > 0),
  -- Only players registered at most this many days ago; null: any player.
  new_player_days integer check (new_player_days is null or new_player_days > 0),
  -- ISO country codes; empty: any country.
  countries jsonb not null default '[]'::jsonb,
  -- Paid deposits the player must have: at least min, at most max (null: no maximum).
  min_deposits integer not null default 0 check (min_deposits >= 0),
  max_deposits integer check (max_deposits is null or max_deposits >= min_deposits),
  is_active boolean not null default true,
  -- Shown on /promotions (campaigns.getpromotions) for anyone to use; otherwise only those given the code know it.
  is_public boolean not null default false,
  uses integer not null default 0 check (uses >= 0),
  -- The back-office batch that generated it, if any.
  batch text,
  source_hash text,
  edited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (template_id is not null or freespins is not null),
  check (starts_at is null or ends_at is null or starts_at < ends_at)
);
create unique index promo_codes_code on promo_codes (upper(code));
create index promo_codes_batch on promo_codes (batch) where batch is not null;

create table promo_code_uses (
  id bigserial primary key,
  promo_code_id bigint not null references promo_codes(id),
  player_id bigint not null references players(id),
  bonus_id bigint references player_bonuses(id),
  used_at timestamptz not null
);
create index promo_code_uses_code_player on promo_code_uses (promo_code_id, player_id);
create index promo_code_uses_player on promo_code_uses (player_id, used_at desc);
