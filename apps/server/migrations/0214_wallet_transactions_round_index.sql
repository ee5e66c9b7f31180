-- wallet_transactions_round was (provider, round_id). For the lookup of a provider's transaction id (wallet_open's
-- repeat check and a rollback's bet: provider = … and transaction_id = …) PostgreSQL without column statistics (a
-- new database, or autovacuum off) costs it the same as the unique (provider, transaction_id) index and may take
-- it, then reads every transaction of the provider to find one: a plan cached by a connection got slower with every
-- call (the wallet bench's database time per call grew linearly with the table). Leading with round_id, the index
-- still serves a round's transactions and can no longer serve that lookup.
drop index wallet_transactions_round;
create index wallet_transactions_round on wallet_transactions (round_id, provider);
