-- The bonus queue (issue 36): a player's waiting bonuses of a type stand in line behind the active one, and when
-- the active bonus ends (wagered, expired, removed by the player or an operator) the first of the line starts by
-- itself. A new grant joins the end of the line; a bonus paused (bonuses.deactivate, or another activated in its
-- place) goes to its front, so it is the next to start. Ending a bonus without starting the next (a withdrawal's
-- forfeit, the active bonus given up for another the player activates) goes through bonus_end(…, false).

create sequence player_bonuses_queue_seq;
alter table player_bonuses add column queue_key bigint;
update player_bonuses set queue_key = id;
select setval('player_bonuses_queue_seq', greatest(coalesce((select max(id) from player_bonuses), 0), 1));
-- The line: ascending; grants take the next positive key, a paused bonus the next negative one (before them all).
alter table player_bonuses
  alter column queue_key set default nextval('player_bonuses_queue_seq'),
  alter column queue_key set not null;
create index player_bonuses_queue on player_bonuses (player_id, type, queue_key) where status = 'available';

-- Starts the first waiting bonus of the player's line of a type, when none of the type is active. A bonus whose
-- time ran out is expired on the way (bonus_activate does it); one that cannot start now (a pending withdrawal
-- holds it: BN001) is passed over. Answers the bonus started, or null.
create function bonus_next(p_player_id bigint, p_type text, p_now timestamptz) returns bigint
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

-- bonus_finish (0510) with the queue: when the bonus was the active one and p_advance, the next in line starts.
create function bonus_end(p_bonus_id bigint, p_status text, p_reason text, p_now timestamptz, p_advance boolean)
returns bigint language plpgsql as $$
declare
  b player_bonuses;
  v_code text;
  v_balance bigint := 0;
  v_conv bigint := 0;
begin
  if p_status not in ('completed', 'forfeited', 'expired', 'cancelled') then
    raise exception 'bonus_finish: bad status %', p_status;
  end if;
  b := bonus_lock(p_bonus_id);
  if b.id is null or b.status not in ('available', 'active') then
    return 0;
  end if;
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
  if b.status = 'active' and p_advance then
    perform bonus_next(b.player_id, b.type, p_now);
  end if;
  return v_conv;
end $$;

create or replace function bonus_finish(p_bonus_id bigint, p_status text, p_reason text, p_now timestamptz)
returns bigint language plpgsql as $$
begin
  return bonus_end(p_bonus_id, p_status, p_reason, p_now, true);
end $$;

-- bonus_pause (0510); the paused bonus goes to the front of its line.
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
