-- Money of a bonus that came back to the player's bonus account after the bonus stopped being the active one (a
-- win or a returned stake of a round it played): it follows the bonus — converted (within what is left of the
-- cap) when it completed, kept in the stash when it is paused, back to the house when it was forfeited, expired
-- or cancelled. The caller credited `p_amount` to the bonus account just before, in the same transaction.
create or replace function bonus_late_share(p_bonus_id bigint, p_amount bigint, p_key text, p_now timestamptz)
returns void language plpgsql as $$
declare
  b player_bonuses;
  v_code text;
  v_conv bigint;
begin
  select * into b from player_bonuses where id = p_bonus_id for update;
  if b.id is null or b.status = 'active' or p_amount <= 0 then
    return;
  end if;
  v_code := bonus_account(b.player_id, b.type);
  if b.status = 'completed' then
    v_conv := case when b.max_conversion is null then p_amount
                   else least(p_amount, greatest(0, b.max_conversion - b.converted)) end;
    perform bonus_post('bonus:' || b.id || ':late:' || p_key, 'bonus.convert', b.id, p_now,
      array[v_code, 'player:' || b.player_id || ':main', 'house:bonuses'], array[-p_amount, v_conv, p_amount - v_conv]);
    update player_bonuses set converted = converted + v_conv, lost = lost + p_amount - v_conv, updated_at = p_now
     where id = b.id;
  elsif b.status = 'available' then
    perform bonus_post('bonus:' || b.id || ':late:' || p_key, 'bonus.pause', b.id, p_now,
      array[v_code, 'house:bonuses'], array[-p_amount, p_amount]);
    update player_bonuses set stash = stash + p_amount, updated_at = p_now where id = b.id;
  else
    perform bonus_post('bonus:' || b.id || ':late:' || p_key, 'bonus.forfeit', b.id, p_now,
      array[v_code, 'house:bonuses'], array[-p_amount, p_amount]);
    update player_bonuses set lost = lost + p_amount, updated_at = p_now where id = b.id;
  end if;
end $$;
