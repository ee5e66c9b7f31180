-- Placement: a positive total per (player, event), added or inserted.
create or replace function sb_open_stakes_legs_inserted() returns trigger language plpgsql as $$
begin
  insert into sb_open_stakes as s (player_id, event_id, staked)
  select b.player_id, l.event_id, sum(b.total_stake)
    from sb_new_legs l
    cross join lateral (select player_id, total_stake from sb_bets where id = l.bet_id and status = 'open' limit 1) b
   group by b.player_id, l.event_id
  on conflict (player_id, event_id) do update set staked = s.staked + excluded.staked;
  return null;
end $$;

create or replace trigger sb_bet_legs_open_stakes after insert on sb_bet_legs
  referencing new table as sb_new_legs
  for each statement execute function sb_open_stakes_legs_inserted();
