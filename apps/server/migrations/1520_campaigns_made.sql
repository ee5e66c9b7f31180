-- Issue 40 (ADR 066): campaigns made from scratch. Templates, popups and deposit offers gain a retirement (kept for
-- the history of what they granted, never shown or granted again) and targeting by locale and country (empty: all);
-- templates gain a window. The wagering cap becomes a per-jurisdiction setting: 'licence' is the operator's licence
-- (the cap for every player whose country no other jurisdiction lists), seeded with today's 10x (the UK rule).
-- A template may ask for up to the highest jurisdiction's cap (each grant is capped by the player's own).
alter table bonus_templates drop constraint bonus_templates_wager_multiplier_check;
alter table bonus_templates add constraint bonus_templates_wager_multiplier_check
  check (wager_multiplier between 0 and 200);

alter table bonus_templates
  add column starts_at timestamptz,
  add column ends_at timestamptz,
  add column retired_at timestamptz;

alter table campaign_popups
  add column locales jsonb not null default '[]'::jsonb,
  add column countries jsonb not null default '[]'::jsonb,
  add column retired_at timestamptz;

alter table campaign_offers
  add column locales jsonb not null default '[]'::jsonb,
  add column countries jsonb not null default '[]'::jsonb,
  add column retired_at timestamptz;

create table bonus_wager_caps (
  jurisdiction text primary key check (jurisdiction ~ '^[a-z0-9_]{2,40}$'),
  name text not null,
  countries jsonb not null default '[]'::jsonb,
  max_multiplier integer not null check (max_multiplier between 0 and 200),
  updated_at timestamptz not null default now()
);

insert into bonus_wager_caps (jurisdiction, name, countries, max_multiplier)
  values ('licence', 'The operator''s licence (UKGC: 10x from January 2026)', '[]'::jsonb, 10);
