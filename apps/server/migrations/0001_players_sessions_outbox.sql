-- Players (modules/players), sessions (platform/session), the message outbox (platform/messaging).
create table players (
  id bigserial primary key,
  login text not null,
  login_key text not null unique,
  email text,
  phone text,
  phone_country_code text,
  password_hash text,
  fakename text,
  locale text not null default 'en',
  currency text not null default 'USD',
  country_code text,
  status text not null default 'active' check (status in ('active', 'banned', 'deleted')),
  is_subscribed boolean not null default true,
  is_on_verification boolean not null default false,
  is_verified boolean not null default false,
  is_kyc_block_enabled boolean not null default false,
  is_registration_completed boolean not null default true,
  is_betting boolean not null default false,
  character_id text,
  promo_code text,
  two_factor_enabled boolean not null default false,
  two_factor_secret text,
  two_factor_pending_secret text,
  telegram_id text unique,
  profile jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index players_fakename_key on players (lower(fakename)) where fakename is not null;

create table player_contacts (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  type text not null check (type in ('email', 'phone')),
  value text not null,
  phone_country_code text,
  is_confirmed boolean not null default false,
  is_subscribed boolean not null default true,
  created_at timestamptz not null default now(),
  unique (player_id, type)
);
create index player_contacts_value on player_contacts (type, lower(value));

create table sessions (
  id bigserial primary key,
  token_hash text not null unique,
  player_id bigint not null references players(id) on delete cascade,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null,
  ip text,
  user_agent text
);
create index sessions_player on sessions (player_id);

create table outbox_messages (
  id bigserial primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text not null default '',
  body_text text not null,
  body_html text,
  player_id bigint references players(id) on delete set null,
  sent_via text not null default 'outbox',
  created_at timestamptz not null default now()
);
create index outbox_recipient on outbox_messages (lower(recipient), id desc);
