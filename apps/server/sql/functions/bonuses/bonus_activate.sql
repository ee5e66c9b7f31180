-- Makes an available bonus the active one of its type: its stash goes onto the player's account. Another active
-- bonus of the type is paused first. A bonus whose wagering is already met (0x) converts at once. A bonus a pending
-- withdrawal holds is refused (BN001). Answers 'activated', or 'expired' when its time had run out (it is expired
-- now, and that stands).
create or replace function bonus_activate(p_bonus_id bigint, p_now timestamptz) returns text language plpgsql as $$
declare
  b player_bonuses;
  v_other bigint;
begin
  b := bonus_lock(p_bonus_id);
  if b.id is null or b.status <> 'available' then
    raise exception using errcode = 'BN001', message = 'the bonus is not available', detail = p_bonus_id::text;
  end if;
  if exists (select 1 from bonus_withdrawal_holds h where h.bonus_id = b.id) then
    raise exception using errcode = 'BN001', message = 'a pending withdrawal holds the bonus',
      detail = p_bonus_id::text;
  end if;
  if b.expires_at is not null and b.expires_at <= p_now then
    perform bonus_finish(b.id, 'expired', 'expired', p_now);
    return 'expired';
  end if;
  select id into v_other from player_bonuses
   where player_id = b.player_id and type = b.type and status = 'active';
  if v_other is not null then
    perform bonus_pause(v_other, p_now);
  end if;
  perform bonus_post('bonus:' || b.id || ':grant' || case when b.activations > 0 then ':' || b.activations else '' end,
    'bonus.grant', b.id, p_now, array['house:bonuses', bonus_account(b.player_id, b.type)], array[-b.stash, b.stash]);
  update player_bonuses
     set status = 'active', stash = 0, activations = activations + 1, activated_at = coalesce(activated_at, p_now),
         updated_at = p_now
   where id = b.id;
  if b.wagered >= b.wager_requirement then
    perform bonus_finish(b.id, 'completed', 'wagered', p_now);
  end if;
  return 'activated';
end $$;
