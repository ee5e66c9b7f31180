-- Deposits end in every state a player can read (issue 36): an unfinished payment expires (the cashier's expiry
-- job), a payment the player cancelled or that would pass the deposit limit is refunded if the provider takes it
-- anyway. status_reason says why a deposit was refunded.
alter table cashier_transactions drop constraint cashier_transactions_status_check;
alter table cashier_transactions add constraint cashier_transactions_status_check
  check (status in ('new', 'pending', 'success', 'failed', 'cancelled', 'expired', 'refunded'));
alter table cashier_transactions add column status_reason text;

-- The expiry job's scan: only the few deposits still open.
create index cashier_transactions_open_deposits on cashier_transactions (created_at)
  where type = 'deposit' and status in ('new', 'pending');

-- The sandbox provider: a session we voided (cancel, expiry) and a payment it returned.
alter table sandbox_payment_sessions drop constraint sandbox_payment_sessions_status_check;
alter table sandbox_payment_sessions add constraint sandbox_payment_sessions_status_check
  check (status in ('open', 'challenge', 'pending', 'paid', 'failed', 'cancelled', 'voided', 'refunded'));
