-- Pauses the active bonus (bonuses.deactivate, or another bonus activated): its money goes back to the house and
-- waits on the row as its stash; its wagering progress stays, and it goes to the front of its line.
create or replace function bonus_pause(p_bonus_id bigint, p_now timestamptz) returns void language plpgsql as $$
declare
  b player_bonuses;
  v_code text;
  v_balance bigint;
begin
  b := bonus_lock(p_bonus_id);
  if b.id is null or b.status <> 'active' then
    raise exception using errcode = 'BN001', message = 'the bonus is not active', detail = p_bonus_id::text;
  end if;
  v_code := bonus_account(b.player_id, b.type);
  v_balance := bonus_balance(v_code);
  perform bonus_post('bonus:' || b.id || ':pause:' || b.activations, 'bonus.pause', b.id, p_now,
    array[v_code, 'house:bonuses'], array[-v_balance, v_balance]);
  update player_bonuses
     set status = 'available', stash = v_balance, queue_key = -nextval('player_bonuses_queue_seq'), updated_at = p_now
   where id = b.id;
end $$;
