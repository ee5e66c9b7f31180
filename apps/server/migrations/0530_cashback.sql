-- Cashback (modules/campaigns/cashback.ts): programs an operator runs (seeded from content/campaigns/cashback.json)
-- and the cashback each player earned in a period. At each period's end the jobs queue computes, for every player
-- with real-money net losses in the period (real stakes less the real part of wins and returned stakes), a share
-- of those losses between the program's min and max; the player claims it (cashbacks.payout) before it lapses, as
-- real money (house:cashback -> main) or as a bonus with its own wagering (modules/bonuses).
create table cashback_programs (
  id bigint primary key check (id > 0),
  sysname text not null unique,
  period text not null check (period in ('daily', 'weekly', 'monthly')),
  -- Percent of the period's net losses.
  percent integer not null check (percent between 1 and 100),
  -- Less than this (cents) is not paid; more than max is capped.
  min_amount bigint not null default 0 check (min_amount >= 0),
  max_amount bigint check (max_amount is null or max_amount > 0),
  payout text not null check (payout in ('real', 'bonus')),
  -- The bonus template of a bonus payout.
  template_id bigint references bonus_templates(id),
  -- Days after the period's end the player has to claim it.
  receiving_days integer not null default 7 check (receiving_days between 1 and 90),
  -- { texts: { <locale>: { title, text } } }, en as the fallback; {percent}, {max} are filled in.
  description jsonb not null,
  is_active boolean not null default true,
  source_hash text not null,
  edited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (payout = 'real' or template_id is not null)
);

create table player_cashbacks (
  id bigserial primary key,
  program_id bigint not null references cashback_programs(id),
  player_id bigint not null references players(id),
  period_start timestamptz not null,
  period_end timestamptz not null,
  net_loss bigint not null check (net_loss > 0),
  amount bigint not null check (amount > 0),
  status text not null check (status in ('active', 'paid_out', 'expired', 'removed')),
  receiving_expired_at timestamptz not null,
  paid_at timestamptz,
  bonus_id bigint references player_bonuses(id),
  created_at timestamptz not null,
  unique (program_id, player_id, period_start)
);
create index player_cashbacks_player on player_cashbacks (player_id, period_end desc);
