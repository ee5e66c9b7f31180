-- Locales and translation overrides (modules/i18n). Messages themselves live in content/locales; an operator's
-- edit of one message is a row in translation_overrides, merged over the files.
create table locales (
  code text primary key,
  name text not null,
  native_name text not null,
  dir text not null default 'ltr' check (dir in ('ltr', 'rtl')),
  is_enabled boolean not null default true,
  is_default boolean not null default false,
  position integer not null default 0,
  source_hash text not null,
  edited_at timestamptz,
  updated_at timestamptz not null default now()
);

create table translation_overrides (
  locale text not null references locales(code) on delete cascade,
  key text not null,
  value text not null,
  updated_at timestamptz not null default now(),
  primary key (locale, key)
);
