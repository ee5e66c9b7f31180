-- A bet leaving `open` takes its stake off, one coming back puts it on. Taking off is an update of a row that must
-- be there (the stake was added when the bet was placed or reopened): a missing row or a total below 0 is an error,
-- never a silent loss. Putting back inserts or adds, as placement does. The player's rows at 0 go.
create or replace function sb_open_stakes_bets_updated() returns trigger language plpgsql as $$
declare
  v_missing bigint;
begin
  with d as (
    select n.player_id, l.event_id,
           sum(case when n.status = 'open' then n.total_stake else -o.total_stake end)::bigint as delta
      from sb_old_bets o
      join sb_new_bets n on n.id = o.id
      cross join lateral (select event_id from sb_bet_legs where bet_id = n.id limit 20) l
     where (o.status = 'open') <> (n.status = 'open')
     group by n.player_id, l.event_id),
  added as (
    insert into sb_open_stakes as s (player_id, event_id, staked)
    select player_id, event_id, delta from d where delta > 0
    on conflict (player_id, event_id) do update set staked = s.staked + excluded.staked),
  taken as (
    update sb_open_stakes s set staked = s.staked + d.delta
      from d where d.delta < 0 and s.player_id = d.player_id and s.event_id = d.event_id
    returning 1)
  select (select count(*) from d where delta < 0) - (select count(*) from taken) into v_missing;
  if v_missing <> 0 then
    raise exception 'sb_open_stakes: % open totals to take a stake off are missing', v_missing;
  end if;
  delete from sb_open_stakes s
   where s.player_id in (select player_id from sb_new_bets) and s.staked = 0;
  return null;
end $$;

create or replace trigger sb_bets_open_stakes after update on sb_bets
  referencing old table as sb_old_bets new table as sb_new_bets
  for each statement execute function sb_open_stakes_bets_updated();
