-- The headless content client's sign-in (modules/content-auth, ADR 029): editors are back-office operators.
-- A token version on the operator: its content-client tokens carry it, and a password change bumps it, so every
-- token issued before the change stops working (disabling the operator or taking content rights away does too,
-- checked at every request).
alter table operators add column token_version integer not null default 0;

-- Password-reset codes mailed by POST /auth/forgot-password; only the code's hash is stored, single use, 1 hour.
create table content_auth_reset_codes (
  id bigserial primary key,
  operator_id bigint not null references operators(id),
  code_hash text not null unique,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index content_auth_reset_codes_operator on content_auth_reset_codes (operator_id) where used_at is null;
