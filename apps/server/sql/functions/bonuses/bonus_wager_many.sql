-- Many stakes' wagering at once (wallet_round_many's batch, after its money moved): each bonus's progress by its
-- stake, as bonus_wager does one by one, and the conversion of any bonus whose requirement is met (bonus_finish,
-- in bonus id order). The bonuses are distinct; a null or empty batch does nothing.
create or replace function bonus_wager_many(p_bonus_ids bigint[], p_wagered bigint[], p_nows timestamptz[])
returns void language plpgsql as $$
declare
  v_done bigint[];
  v_id bigint;
begin
  if coalesce(cardinality(p_bonus_ids), 0) = 0 then
    return;
  end if;
  with done as (
    update player_bonuses x set wagered = x.wagered + u.wagered, updated_at = u.at
      from unnest(p_bonus_ids, p_wagered, p_nows) as u(id, wagered, at)
     where x.id = u.id and x.status = 'active' and u.wagered > 0
    returning x.id, x.wagered >= x.wager_requirement as done)
  select array_agg(id order by id) filter (where done) into v_done from done;
  foreach v_id in array coalesce(v_done, '{}') loop
    perform bonus_finish(v_id, 'completed', 'wagered', p_nows[array_position(p_bonus_ids, v_id)]);
  end loop;
end $$;
