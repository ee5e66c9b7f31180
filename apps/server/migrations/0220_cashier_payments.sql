-- The cashier (modules/cashier): deposits and withdrawals, deposit limits; the sandbox payment provider's sessions.
create table cashier_transactions (
  id text primary key,
  player_id bigint not null references players(id),
  type text not null check (type in ('deposit', 'withdrawal')),
  method text not null,
  provider text not null,
  amount bigint not null check (amount > 0),
  currency text not null,
  status text not null check (status in ('new', 'pending', 'success', 'failed', 'cancelled')),
  -- Masked requisites (card 123456...1234, IBAN, e-mail): never a full card number.
  requisites jsonb not null default '{}'::jsonb,
  campaign_offer_id bigint not null default -1,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
create index cashier_transactions_player on cashier_transactions (player_id, type, created_at desc);

create table deposit_limits (
  player_id bigint primary key references players(id) on delete cascade,
  period_days int check (period_days in (1, 7, 14, 30)),
  amount bigint check (amount > 0),
  -- A looser change (increase or removal) waits 24 hours before it applies.
  pending_period_days int check (pending_period_days in (1, 7, 14, 30)),
  pending_amount bigint check (pending_amount > 0),
  pending_remove boolean not null default false,
  pending_effective_at timestamptz,
  updated_at timestamptz not null
);

create table sandbox_payment_sessions (
  id text primary key,
  transaction_id text not null unique references cashier_transactions(id),
  method text not null,
  amount bigint not null,
  currency text not null,
  status text not null check (status in ('open', 'challenge', 'pending', 'paid', 'failed', 'cancelled')),
  otp text,
  otp_attempts int not null default 0,
  card_last4 text,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
