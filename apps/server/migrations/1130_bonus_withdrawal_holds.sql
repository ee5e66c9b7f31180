-- A withdrawal pauses the player's bonus until it is settled (issue 36; docs/decisions/048).
--
-- The burn_bonuses consent forfeited the active bonus as the withdrawal was requested, and a cancelled or declined
-- withdrawal gave the money back but not the bonus. Now the request holds the bonus: its money goes back to the
-- house and waits on the row as its stash (bonus.hold), the bonus is `available` but cannot be activated while a
-- hold names it. Paid out: the bonus is forfeited (its stash is lost). Cancelled or declined, and held by no other
-- pending withdrawal: its stash comes back on the bonus account (bonus.release) and it is active again, or it waits
-- as a paused bonus when another bonus of its type became active meanwhile, or it expires when its time ran out.
-- A withdrawal requested while a bonus is held joins the hold (the player agrees again): the bonus comes back only
-- when every withdrawal holding it was cancelled or declined, and is lost when any of them is paid.

create table bonus_withdrawal_holds (
  -- The cashier's withdrawal (cashier_transactions.id); the cashier owns that table, so no reference to it.
  withdrawal_id text not null,
  bonus_id bigint not null references player_bonuses(id),
  player_id bigint not null,
  created_at timestamptz not null,
  primary key (withdrawal_id, bonus_id)
);
create index bonus_withdrawal_holds_bonus on bonus_withdrawal_holds (bonus_id);

-- Holds a bonus for a withdrawal (in the withdrawal's transaction, under the player's lock): an active bonus's money
-- goes to the house and waits as its stash; a bonus already held only gains the hold. Answers the held stash.
create function bonus_hold(p_bonus_id bigint, p_withdrawal_id text, p_now timestamptz) returns bigint
language plpgsql as $$
declare
  b player_bonuses;
  v_code text;
  v_balance bigint;
begin
  b := bonus_lock(p_bonus_id);
  if b.id is null or b.status not in ('active', 'available') then
    raise exception using errcode = 'BN001', message = 'the bonus is not open', detail = p_bonus_id::text;
  end if;
  if b.status = 'active' then
    v_code := bonus_account(b.player_id, b.type);
    v_balance := bonus_balance(v_code);
    perform bonus_post('bonus:' || b.id || ':hold:' || p_withdrawal_id, 'bonus.hold', b.id, p_now,
      array[v_code, 'house:bonuses'], array[-v_balance, v_balance]);
    update player_bonuses set status = 'available', stash = v_balance, updated_at = p_now where id = b.id;
    b.stash := v_balance;
  end if;
  insert into bonus_withdrawal_holds (withdrawal_id, bonus_id, player_id, created_at)
  values (p_withdrawal_id, b.id, b.player_id, p_now) on conflict do nothing;
  return b.stash;
end $$;

-- The withdrawal was cancelled or declined: its hold ends. A bonus no other withdrawal holds comes back: 'active'
-- (its stash on the bonus account; converted at once when its wagering is met), 'available' (another bonus of its
-- type is active: it waits, paused), 'expired' (its time ran out); 'held' when another withdrawal still holds it,
-- 'ended' when it ended meanwhile (expired, removed).
create function bonus_release(p_bonus_id bigint, p_withdrawal_id text, p_now timestamptz) returns text
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
    return 'expired';
  end if;
  if exists (select 1 from player_bonuses x where x.player_id = b.player_id and x.type = b.type and x.status = 'active')
  then
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

-- The withdrawal was paid: a bonus it held is forfeited (its stash lost, nothing moves: the money is the house's
-- since the hold), and no other withdrawal holds it any more. Answers the cents lost.
create function bonus_forfeit_held(p_bonus_id bigint, p_withdrawal_id text, p_now timestamptz) returns bigint
language plpgsql as $$
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
  return b.stash;
end $$;

-- bonus_activate (0510), refusing a bonus a pending withdrawal holds.
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
