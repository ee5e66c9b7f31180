-- A held bonus and the bonus queue (issue 36; docs/decisions/053). A pending withdrawal's hold keeps the bonus in
-- the place of the active one: nothing starts by itself while it waits (052). When the hold ends, the queue does
-- what it does for any ending or pause: the held bonus forfeited by the payout, expired (by the job, or found
-- expired at a cancel) or removed by the player starts the next waiting bonus when none of its type is active; a
-- bonus that comes back while another of its type is active waits at the front of the line, as a paused one does.

-- bonus_end (1140): a held bonus's end moves the line as the active bonus's does.
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

-- bonus_release (1130): a bonus found expired moves the line; one that waits goes to the front of it.
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

-- bonus_forfeit_held (1130): the forfeit moves the line (its holds are gone first, so bonus_end does not).
create or replace function bonus_forfeit_held(p_bonus_id bigint, p_withdrawal_id text, p_now timestamptz)
returns bigint language plpgsql as $$
declare
  b player_bonuses;
begin
  b := bonus_lock(p_bonus_id);
  if b.id is null or not exists (
    select 1 from bonus_withdrawal_holds h where h.withdrawal_id = p_withdrawal_id and h.bonus_id = b.id
  ) then
    return 0;
  end if;
  delete from bonus_withdrawal_holds where bonus_id = b.id;
  if b.status <> 'available' then
    return 0;
  end if;
  perform bonus_finish(b.id, 'forfeited', 'withdrawal', p_now);
  perform bonus_next(b.player_id, b.type, p_now);
  return b.stash;
end $$;
