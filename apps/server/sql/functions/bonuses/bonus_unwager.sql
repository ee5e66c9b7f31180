-- A rolled-back stake takes back the wagering it added (while its bonus is still active).
create or replace function bonus_unwager(p_bonus_id bigint, p_wagered bigint, p_now timestamptz) returns void
language plpgsql as $$
begin
  if p_wagered > 0 then
    update player_bonuses set wagered = greatest(0, wagered - p_wagered), updated_at = p_now
     where id = p_bonus_id and status = 'active';
  end if;
end $$;
