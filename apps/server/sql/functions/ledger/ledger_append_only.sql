-- The ledger is append-only: history is corrected by new transactions, never edited.
create or replace function ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'the ledger is append-only (% on %)', tg_op, tg_table_name;
end $$;

create or replace trigger ledger_entries_append_only before update or delete on ledger_entries
  for each row execute function ledger_append_only();

create or replace trigger ledger_transactions_append_only before update or delete on ledger_transactions
  for each row execute function ledger_append_only();
