-- Creates a player's four accounts on first use and locks every account of the players, in id order. One player
-- compares player_id to a scalar (a plan kept for the connection); several are sorted and deduplicated first.
create or replace function ledger_lock_players(p_player_ids bigint[]) returns void language plpgsql as $$
declare
  v_id bigint := case when cardinality(p_player_ids) = 1 then p_player_ids[1] end;
  v_ids bigint[];
  v_locked int;
begin
  if v_id is not null then
    select count(*) into v_locked
      from (select 1 from ledger_accounts where player_id = v_id order by id for update) l;
    if v_locked < 4 then
      insert into ledger_accounts (code, player_id, kind, balance)
        select 'player:' || v_id || ':' || k, v_id, k, 0
          from unnest(array['main', 'bonus', 'betting_bonus', 'fun']) k
        on conflict do nothing;
      perform count(*)
        from (select 1 from ledger_accounts where player_id = v_id order by id for update) l;
    end if;
    return;
  end if;
  select coalesce(array_agg(distinct p order by p), '{}') into v_ids from unnest(p_player_ids) p;
  if cardinality(v_ids) = 0 then
    return;
  end if;
  select count(*) into v_locked
    from (select 1 from ledger_accounts where player_id = any (v_ids) order by id for update) l;
  if v_locked < cardinality(v_ids) * 4 then
    insert into ledger_accounts (code, player_id, kind, balance)
      select 'player:' || p || ':' || k, p, k, 0
        from unnest(v_ids) p, unnest(array['main', 'bonus', 'betting_bonus', 'fun']) k
      on conflict do nothing;
    perform count(*)
      from (select 1 from ledger_accounts where player_id = any (v_ids) order by id for update) l;
  end if;
end $$;
