-- The double-entry ledger (modules/ledger): accounts, transactions, entries. Append-only; every transaction sums to 0.
create table ledger_accounts (
  id bigserial primary key,
  -- 'player:{id}:{kind}' or 'house:{name}'
  code text not null unique,
  player_id bigint references players(id) on delete restrict,
  kind text not null,
  currency text not null default 'USD',
  -- Player accounts keep a running balance that can never go below zero. House accounts keep none
  -- (NULL): their balance is the sum of their entries, so no hot row serialises every player.
  balance bigint,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_player_kind check (
    (player_id is null and kind not in ('main', 'bonus', 'betting_bonus', 'fun'))
    or (player_id is not null and kind in ('main', 'bonus', 'betting_bonus', 'fun'))
  ),
  constraint ledger_accounts_balance_non_negative check (
    (player_id is null and balance is null) or (player_id is not null and balance is not null and balance >= 0)
  ),
  unique (player_id, kind)
);

create table ledger_transactions (
  id bigserial primary key,
  idempotency_key text not null unique,
  kind text not null,
  reference text,
  -- SHA-256 of the kind and the entries: a retry with the same key must carry the same content.
  fingerprint text not null,
  meta jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now()
);
create index ledger_transactions_reference on ledger_transactions (reference);

create table ledger_entries (
  id bigserial primary key,
  transaction_id bigint not null references ledger_transactions(id),
  account_id bigint not null references ledger_accounts(id),
  amount bigint not null check (amount <> 0),
  -- The account's balance right after this entry (player accounts only).
  balance_after bigint,
  unique (transaction_id, account_id)
);
create index ledger_entries_account on ledger_entries (account_id, id);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): ledger_check_balanced,
-- ledger_append_only.
