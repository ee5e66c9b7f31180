-- The ledger's read of the player accounts grows the account's id (docs/decisions/059): the wallet's round plan
-- reads the locked balances through this view instead of the ledger's table. A column added at the end.
create or replace view ledger_player_balances_v as
  select player_id, kind, balance, code, id
    from ledger_accounts
   where player_id is not null;
