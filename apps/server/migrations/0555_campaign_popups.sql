-- Campaign popups (modules/campaigns/popups.ts, popups.get), seeded from content/campaigns/popups.json and edited in
-- the back-office: words per locale, an image and a button, who sees it (visitors, players or all), on which pages
-- (path prefixes; empty: every page), how often (once, once a session, once a day, every visit), a window and a
-- priority. A player in a time-out or self-exclusion sees none (marketing respects limits).
create table campaign_popups (
  id bigint primary key check (id > 0),
  sysname text not null unique,
  audience text not null check (audience in ('all', 'visitors', 'players')),
  pages jsonb not null default '[]'::jsonb,
  frequency text not null check (frequency in ('once', 'session', 'daily', 'always')),
  -- { image, texts: { <locale>: { title, text, button } }, url }: en as the fallback.
  content jsonb not null,
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
