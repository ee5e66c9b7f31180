-- Tournaments by provider and with an entry fee (issue 14 items 1 and 8; docs/decisions/020).
-- `providers`: studios (games.provider) whose games count, instead of naming games one by one; a tournament names
-- games or providers, not both (the back-office checks it). `entry_fee`: minor units paid on joining an opt-in
-- tournament (house:tournament_entries); a cancelled tournament refunds each paid entry through the ledger.
alter table tournaments add column providers text[] not null default '{}';
alter table tournaments add column entry_fee bigint not null default 0 check (entry_fee >= 0);
alter table tournaments add column cancelled_at timestamptz;
alter table tournament_entries add column fee_paid bigint not null default 0 check (fee_paid >= 0);
-- The ledger transaction that paid the fee back (null: not refunded).
alter table tournament_entries add column fee_refund_transaction_id bigint;
