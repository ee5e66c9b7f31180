-- The ledger's reads for other modules (issue 37): a player's entries with their account and transaction, and the
-- player accounts' balances. Plain views the planner folds into the query that reads them (no cost of their own).
create view ledger_player_entries_v as
  select e.id as entry_id, a.player_id, a.kind as account_kind, e.amount, t.id as transaction_id,
         t.kind as transaction_kind, t.created_at
    from ledger_entries e
    join ledger_accounts a on a.id = e.account_id
    join ledger_transactions t on t.id = e.transaction_id
   where a.player_id is not null;

create view ledger_player_balances_v as
  select player_id, kind, balance
    from ledger_accounts
   where player_id is not null;
