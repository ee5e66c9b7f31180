-- Loyalty points entries move the players' loyalty accounts: one update (or insert) per player for a whole
-- statement's entries.
create or replace function loyalty_apply_entries() returns trigger language plpgsql as $$
begin
  with d as (
    select player_id, sum(delta) as delta, sum(lifetime_delta) as lifetime_delta
      from loyalty_new_entries group by player_id
  ), changed as (
    update loyalty_accounts a set balance = a.balance + d.delta, lifetime = a.lifetime + d.lifetime_delta
      from d where a.player_id = d.player_id
    returning a.player_id
  )
  insert into loyalty_accounts (player_id, balance, lifetime)
  select d.player_id, d.delta, d.lifetime_delta from d
   where not exists (select 1 from changed c where c.player_id = d.player_id);
  return null;
end $$;

create or replace trigger loyalty_point_entries_apply after insert on loyalty_point_entries
  referencing new table as loyalty_new_entries
  for each statement execute function loyalty_apply_entries();
