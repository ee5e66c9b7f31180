-- Locks the bonus's player and answers the bonus row as it is under that lock (null row when unknown).
create or replace function bonus_lock(p_bonus_id bigint) returns player_bonuses language plpgsql as $$
declare
  v_player bigint;
  b player_bonuses;
begin
  select player_id into v_player from player_bonuses where id = p_bonus_id;
  if v_player is null then
    return null;
  end if;
  perform ledger_lock_players(array[v_player]);
  select * into b from player_bonuses where id = p_bonus_id for update;
  return b;
end $$;
