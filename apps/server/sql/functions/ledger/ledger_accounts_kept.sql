-- Ledger accounts are never deleted: entries and wallet records point at them without a foreign key (their
-- checks cost a locked lookup per row), so the accounts must stay.
create or replace function ledger_accounts_kept() returns trigger language plpgsql as $$
begin
  raise exception 'ledger accounts are never deleted';
end $$;

create or replace trigger ledger_accounts_kept before delete on ledger_accounts
  for each row execute function ledger_accounts_kept();
