-- Ends a bonus: completed converts its money (capped, the excess to the house); forfeited, expired and cancelled
-- give it back to the house. An available bonus holds no money on the player's account: its stash is lost.
-- Answers the cents that became real money; a bonus already ended is left as it is (0). When the bonus was the
-- active one (or held) and p_advance, the next in its line starts (bonus_next).
create or replace function bonus_end(p_bonus_id bigint, p_status text, p_reason text, p_now timestamptz,
  p_advance boolean)
returns bigint language plpgsql as $$
declare
  b player_bonuses;
  v_code text;
  v_balance bigint := 0;
  v_conv bigint := 0;
  v_held boolean;
begin
  if p_status not in ('completed', 'forfeited', 'expired', 'cancelled') then
    raise exception 'bonus_finish: bad status %', p_status;
  end if;
  b := bonus_lock(p_bonus_id);
  if b.id is null or b.status not in ('available', 'active') then
    return 0;
  end if;
  v_held := b.status = 'available' and exists (select 1 from bonus_withdrawal_holds h where h.bonus_id = b.id);
  v_code := bonus_account(b.player_id, b.type);
  if b.status = 'active' then
    v_balance := bonus_balance(v_code);
    if p_status = 'completed' then
      v_conv := case when b.max_conversion is null then v_balance
                     else least(v_balance, greatest(0, b.max_conversion - b.converted)) end;
      perform bonus_post('bonus:' || b.id || ':convert', 'bonus.convert', b.id, p_now,
        array[v_code, 'player:' || b.player_id || ':main', 'house:bonuses'],
        array[-v_balance, v_conv, v_balance - v_conv]);
    else
      perform bonus_post('bonus:' || b.id || ':' || p_status, 'bonus.' || case p_status
          when 'forfeited' then 'forfeit' when 'expired' then 'expire' else 'cancel' end, b.id, p_now,
        array[v_code, 'house:bonuses'], array[-v_balance, v_balance]);
    end if;
  else
    v_balance := b.stash;
  end if;
  update player_bonuses
     set status = p_status, finish_reason = p_reason, finished_at = p_now, updated_at = p_now, stash = 0,
         converted = converted + v_conv, lost = lost + v_balance - v_conv
   where id = b.id;
  if (b.status = 'active' or v_held) and p_advance then
    perform bonus_next(b.player_id, b.type, p_now);
  end if;
  return v_conv;
end $$;
