-- Operator settings seeded from content/ (modules/metadata). A row whose edited_at is set was changed by an
-- operator and is never overwritten by the seed; an unedited row follows content/ when its file changes.
create table site_settings (
  key text primary key,
  value jsonb not null,
  source_hash text not null,
  edited_at timestamptz,
  updated_at timestamptz not null default now()
);

create table cms_configs (
  locale text primary key,
  config jsonb not null,
  source_hash text not null,
  edited_at timestamptz,
  updated_at timestamptz not null default now()
);

create table content_pages (
  slug text not null,
  locale text not null,
  title text not null,
  description text not null default '',
  body text not null,
  source_hash text not null,
  edited_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (slug, locale)
);
