-- Holds a bonus for a withdrawal (in the withdrawal's transaction, under the player's lock): an active bonus's money
-- goes to the house and waits as its stash; a bonus already held only gains the hold. Answers the held stash.
create or replace function bonus_hold(p_bonus_id bigint, p_withdrawal_id text, p_now timestamptz) returns bigint
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
