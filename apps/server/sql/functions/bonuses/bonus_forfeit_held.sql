-- The withdrawal was paid: a bonus it held is forfeited (its stash lost, nothing moves: the money is the house's
-- since the hold), no other withdrawal holds it any more, and its line moves. Answers the cents lost.
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
