-- Social sign-in (modules/social-auth) and the built-in sandbox OpenID Connect provider (modules/sandbox-oidc).

-- A provider account linked to a player: one per provider subject.
create table social_identities (
  id bigserial primary key,
  player_id bigint not null references players(id) on delete cascade,
  service text not null,
  subject text not null,
  email text,
  created_at timestamptz not null default now(),
  unique (service, subject)
);
create index social_identities_player on social_identities (player_id);

-- A sign-in under way: the state (hashed), its PKCE verifier and nonce; consumed once by the callback.
create table social_auth_requests (
  state_hash text primary key,
  service text not null,
  code_verifier text not null,
  nonce text not null,
  redirect_url text not null,
  type_auth text not null,
  locale text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index social_auth_requests_expiry on social_auth_requests (expires_at);

-- The sandbox provider's signing key, its one-time codes and its access tokens (hashed).
create table sandbox_oidc_keys (
  kid text primary key,
  private_jwk jsonb not null,
  created_at timestamptz not null default now()
);
create table sandbox_oidc_codes (
  code_hash text primary key,
  client_id text not null,
  redirect_uri text not null,
  code_challenge text not null,
  nonce text,
  claims jsonb not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create table sandbox_oidc_tokens (
  token_hash text primary key,
  claims jsonb not null,
  expires_at timestamptz not null
);
