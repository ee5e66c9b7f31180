-- Loyalty point entries are append-only: a correction is a new entry.
create or replace function loyalty_entries_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'loyalty_point_entries is append-only';
end $$;

create or replace trigger loyalty_point_entries_frozen before update or delete on loyalty_point_entries
  for each row execute function loyalty_entries_append_only();
