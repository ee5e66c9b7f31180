-- The ledger's checks, paid once per statement instead of once per row (issues 11, 14, 15; docs/decisions/035).
--
-- 1. Balance: every statement that inserts ledger entries must leave each of its transactions summing to zero over
--    its own new rows. The deferred row trigger of 0200 ran a function and a summing query per entry at commit.
--    The new rule is stricter and just as sound: entries are append-only, so a transaction starts at zero and each
--    statement adds zero to it. ledger_post (below) now inserts a transaction's entries in one statement, as
--    wallet_win_many (1020) already did, so no writer inserts half a transaction.
-- 2. Foreign keys of the rows every bet writes: an entry's transaction and account, a wallet record's ledger
--    transaction and player. Each was a locking lookup per row (four per bet, 6,000 per settlement batch of 1,000)
--    for ids the same function had just inserted or read. Their parents are never deleted: ledger transactions are
--    append-only (0200's trigger), ledger accounts cannot be deleted (the trigger below), and a player with a wallet
--    record has ledger accounts, whose own foreign key restricts deleting the player. auditLedger reports an orphan.
drop trigger if exists ledger_entries_balanced on ledger_entries;

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): ledger_check_balanced,
-- ledger_accounts_kept, ledger_post.

alter table ledger_entries drop constraint ledger_entries_transaction_id_fkey,
  drop constraint ledger_entries_account_id_fkey;
alter table wallet_transactions drop constraint wallet_transactions_ledger_transaction_id_fkey,
  drop constraint wallet_transactions_player_id_fkey;
