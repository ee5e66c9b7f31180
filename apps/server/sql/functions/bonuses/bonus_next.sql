-- Starts the first waiting bonus of the player's line of a type, when none of the type is active. A bonus whose
-- time ran out is expired on the way (bonus_activate does it); one that cannot start now (a pending withdrawal
-- holds it: BN001) is passed over. Answers the bonus started, or null.
create or replace function bonus_next(p_player_id bigint, p_type text, p_now timestamptz) returns bigint
language plpgsql as $$
declare
  v_id bigint;
  v_outcome text;
begin
  if exists (select 1 from player_bonuses x where x.player_id = p_player_id and x.type = p_type and x.status = 'active')
  then
    return null;
  end if;
  for v_id in select x.id from player_bonuses x
               where x.player_id = p_player_id and x.type = p_type and x.status = 'available'
               order by x.queue_key, x.id loop
    begin
      v_outcome := bonus_activate(v_id, p_now);
    exception when sqlstate 'BN001' then
      continue;
    end;
    if v_outcome = 'activated' then
      return v_id;
    end if;
  end loop;
  return null;
end $$;
