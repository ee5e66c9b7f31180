-- The player account a bonus type's money lives on (an immutable expression: inlined where it is called).
create or replace function bonus_account(p_player_id bigint, p_type text) returns text
language sql immutable as $$
  select 'player:' || p_player_id::text || ':' || case when p_type = 'betting' then 'betting_bonus' else 'bonus' end
$$;
