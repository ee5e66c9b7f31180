-- The back-office's controls a licence asks for (issue 40, docs/decisions/064-backoffice-controls.md).
--
-- Per-role amount limits: the most one operator of a role may move alone in one manual adjustment, one bonus
-- grant or one withdrawal approval. Above it the action waits for a second operator (operator_approvals). A row
-- with a null amount is no limit (admin); a role with no row for an action may do none of it alone.
create table operator_amount_limits (
  role text not null,
  action text not null check (action in ('adjustment', 'bonus_grant', 'withdrawal_approval')),
  -- Minor units of the player's currency; null: no limit.
  limit_amount bigint check (limit_amount is null or limit_amount >= 0),
  updated_at timestamptz not null default now(),
  updated_by text,
  primary key (role, action)
);

insert into operator_amount_limits (role, action, limit_amount, updated_by) values
  ('admin', 'adjustment', null, 'migration 1480'),
  ('admin', 'bonus_grant', null, 'migration 1480'),
  ('admin', 'withdrawal_approval', null, 'migration 1480'),
  ('finance', 'adjustment', 100000, 'migration 1480'),
  ('finance', 'bonus_grant', 100000, 'migration 1480'),
  ('finance', 'withdrawal_approval', 500000, 'migration 1480'),
  ('support', 'bonus_grant', 10000, 'migration 1480');

-- Money actions above the asker's limit, waiting for a second operator (four eyes). The payload is what the
-- action needs to run (the form as parsed); the request key makes a repeated request one row; approving runs the
-- action once, in the transaction that marks the row approved.
create table operator_approvals (
  id bigserial primary key,
  action text not null check (action in ('adjustment', 'bonus_grant', 'withdrawal_approval')),
  target_type text not null,
  target_id text not null,
  player_id bigint,
  amount bigint not null check (amount > 0),
  currency text not null,
  summary text not null,
  payload jsonb not null,
  reason text not null,
  request_key text not null unique,
  requested_by bigint not null references operators(id),
  requested_by_email text not null,
  requested_at timestamptz not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decided_by bigint references operators(id),
  decided_by_email text,
  decided_at timestamptz,
  decision_reason text,
  result jsonb,
  check (decided_by is null or decided_by <> requested_by)
);
create index operator_approvals_pending on operator_approvals (requested_at) where status = 'pending';
create index operator_approvals_decided on operator_approvals (decided_at desc) where status <> 'pending';
create index operator_approvals_target on operator_approvals (target_type, target_id);
