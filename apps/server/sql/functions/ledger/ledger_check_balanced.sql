-- Every statement that inserts ledger entries leaves each of its transactions summing to zero over its own new
-- rows. Entries are append-only, so a transaction starts at zero and each statement adds zero to it.
create or replace function ledger_check_balanced() returns trigger language plpgsql as $$
declare
  v_unbalanced record;
begin
  select n.transaction_id, sum(n.amount) as total into v_unbalanced
    from ledger_new_entries n group by n.transaction_id having sum(n.amount) <> 0 limit 1;
  if found then
    raise exception 'ledger transaction % does not balance (sum %)', v_unbalanced.transaction_id,
      v_unbalanced.total;
  end if;
  return null;
end $$;

create or replace trigger ledger_entries_balanced after insert on ledger_entries
  referencing new table as ledger_new_entries for each statement execute function ledger_check_balanced();
