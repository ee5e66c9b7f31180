-- The checks of ledger_accounts, out of the way of the balance update (issues 11, 14 and 15; docs/decisions/042).
--
-- Every movement of a player's money updates the balance of one of that player's accounts. PostgreSQL prepares
-- both of the table's checks again in each of those statements (1055 says why). The balance update sets only
-- `balance`, so:
-- - the balance's own rule (never below zero) is a domain. Its constraint keeps the name the ledger's code reads
--   (post-transaction.ts and adjust-balance.ts turn `ledger_accounts_balance_non_negative` into InsufficientFunds).
-- - which accounts hold a balance (player accounts do, house accounts do not) stays a small table check.
-- - which kinds belong to players (main, bonus, betting_bonus, fun) is checked by a trigger on inserts and on
--   updates that set player_id or kind. The balance update sets neither.
-- The rules are the same as 0200's: every row allowed before is allowed now, and every row refused before is
-- refused now.
-- Probe (one backend, a transaction per update of one account's balance): 27-36 µs with the two checks,
-- 15-19 µs with the domain and the small check.

create domain ledger_balance as bigint constraint ledger_accounts_balance_non_negative check (value >= 0);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): ledger_accounts_player_kind.

alter table ledger_accounts
  drop constraint ledger_accounts_balance_non_negative,
  drop constraint ledger_accounts_player_kind,
  alter column balance type ledger_balance,
  add constraint ledger_accounts_balance_owner check ((player_id is null) = (balance is null));
