-- The operators' audit trail is append-only: no row of operator_audit is ever changed or deleted.
create or replace function operator_audit_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'operator_audit is append-only';
end $$;

create or replace trigger operator_audit_no_update before update or delete on operator_audit
  for each row execute function operator_audit_append_only();
