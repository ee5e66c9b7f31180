-- A stake's wagering (after its money moved): progress, and the conversion when the requirement is met.
create or replace function bonus_wager(p_bonus_id bigint, p_wagered bigint, p_now timestamptz) returns void
language plpgsql as $$
declare
  v_done boolean;
begin
  if p_wagered <= 0 then
    return;
  end if;
  update player_bonuses set wagered = wagered + p_wagered, updated_at = p_now
   where id = p_bonus_id and status = 'active'
  returning wagered >= wager_requirement into v_done;
  if v_done then
    perform bonus_finish(p_bonus_id, 'completed', 'wagered', p_now);
  end if;
end $$;
