-- The withdrawal was cancelled or declined: its hold ends. A bonus no other withdrawal holds comes back: 'active'
-- (its stash on the bonus account; converted at once when its wagering is met), 'available' (another bonus of its
-- type is active: it waits, paused, at the front of its line), 'expired' (its time ran out; the line moves);
-- 'held' when another withdrawal still holds it, 'ended' when it ended meanwhile (expired, removed).
create or replace function bonus_release(p_bonus_id bigint, p_withdrawal_id text, p_now timestamptz) returns text
language plpgsql as $$
declare
  b player_bonuses;
begin
  b := bonus_lock(p_bonus_id);
  delete from bonus_withdrawal_holds where withdrawal_id = p_withdrawal_id and bonus_id = p_bonus_id;
  if b.id is null or b.status <> 'available' then
    return 'ended';
  end if;
  if exists (select 1 from bonus_withdrawal_holds h where h.bonus_id = b.id) then
    return 'held';
  end if;
  if b.expires_at is not null and b.expires_at <= p_now then
    perform bonus_finish(b.id, 'expired', 'expired', p_now);
    perform bonus_next(b.player_id, b.type, p_now);
    return 'expired';
  end if;
  if exists (select 1 from player_bonuses x where x.player_id = b.player_id and x.type = b.type and x.status = 'active')
  then
    update player_bonuses set queue_key = -nextval('player_bonuses_queue_seq'), updated_at = p_now where id = b.id;
    return 'available';
  end if;
  perform bonus_post('bonus:' || b.id || ':release:' || p_withdrawal_id, 'bonus.release', b.id, p_now,
    array['house:bonuses', bonus_account(b.player_id, b.type)], array[-b.stash, b.stash]);
  update player_bonuses set status = 'active', stash = 0, updated_at = p_now where id = b.id;
  if b.wagered >= b.wager_requirement then
    perform bonus_finish(b.id, 'completed', 'wagered', p_now);
  end if;
  return 'active';
end $$;
