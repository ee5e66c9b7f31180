-- The operators' back-office (modules/backoffice): operator accounts, their sessions and the audit log.
-- Operators are not players: own table, own sessions, own cookie.
create table operators (
  id bigserial primary key,
  email text not null,
  name text not null default '',
  role text not null check (role in ('admin', 'finance', 'support')),
  password_hash text not null,
  -- The TOTP secret (base32). Set at creation; the operator confirms it with a code at the first sign-in.
  totp_secret text not null,
  totp_confirmed_at timestamptz,
  -- The last TOTP time step accepted: a code is never accepted twice.
  totp_last_step bigint not null default 0,
  status text not null default 'active' check (status in ('active', 'disabled')),
  created_at timestamptz not null default now(),
  last_login_at timestamptz
);
create unique index operators_email on operators (lower(email));

create table operator_sessions (
  id bigserial primary key,
  token_hash text not null unique,
  operator_id bigint not null references operators(id) on delete cascade,
  -- 'totp': password given, code still needed; 'enrol': password given, TOTP enrolment needed; 'full': signed in.
  stage text not null check (stage in ('totp', 'enrol', 'full')),
  csrf_token text not null,
  totp_failures integer not null default 0,
  created_at timestamptz not null,
  last_seen_at timestamptz not null,
  expires_at timestamptz not null,
  ip text,
  user_agent text
);
create index operator_sessions_operator on operator_sessions (operator_id);

-- Every operator action: who, what, on what, before and after, from where, when. Append-only.
create table operator_audit (
  id bigserial primary key,
  -- Operators are disabled, never deleted, so the reference always holds.
  operator_id bigint references operators(id),
  operator_email text not null,
  action text not null,
  target_type text,
  target_id text,
  before jsonb,
  after jsonb,
  reason text,
  ip text,
  -- One row per effect: a repeated request (a double click) finds the key taken and writes nothing.
  dedupe_key text unique,
  at timestamptz not null
);
create index operator_audit_at on operator_audit (at desc, id desc);
create index operator_audit_operator on operator_audit (operator_id, at desc);
create index operator_audit_target on operator_audit (target_type, target_id, at desc);
create index operator_audit_action on operator_audit (action, at desc);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): operator_audit_append_only.
