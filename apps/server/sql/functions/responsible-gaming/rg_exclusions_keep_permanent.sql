-- A permanent self-exclusion is never deleted nor shortened: the database refuses it, not only the code.
create or replace function rg_exclusions_keep_permanent() returns trigger language plpgsql as $$
begin
  if old.ends_at is null then
    raise exception 'a permanent self-exclusion cannot be changed';
  end if;
  if tg_op = 'UPDATE' and new.ends_at is not null and new.ends_at < old.ends_at then
    raise exception 'an exclusion cannot be shortened';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end $$;

create or replace trigger rg_exclusions_keep before update or delete on rg_exclusions
  for each row execute function rg_exclusions_keep_permanent();
