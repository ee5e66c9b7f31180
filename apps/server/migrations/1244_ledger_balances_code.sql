-- The ledger's read of the player accounts' balances grows the account's code (issue 37, ADR 057): the bonuses
-- read a balance by its code ('player:<id>:<kind>'). A column added at the end.
create or replace view ledger_player_balances_v as
  select player_id, kind, balance, code
    from ledger_accounts
   where player_id is not null;
