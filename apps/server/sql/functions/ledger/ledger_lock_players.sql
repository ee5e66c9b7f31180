-- Locks players for a movement of their money, making a player's four accounts on first use. A player's lock is
-- the row lock of their main account, one row however many of their accounts the movement touches: every writer
-- of a player's balances takes it first (here, wallet_open_many, wallet_round; post-transaction.ts locks every
-- account, main among them), then reads the balances in a later statement (docs/decisions/056). Several players
-- are locked in player id order, as wallet_open_many locks a batch's. One player compares player_id to a scalar (a
-- plan kept for the connection); several are sorted and deduplicated first.
create or replace function ledger_lock_players(p_player_ids bigint[]) returns void language plpgsql as $$
declare
  v_id bigint := case when cardinality(p_player_ids) = 1 then p_player_ids[1] end;
  v_ids bigint[];
  v_locked int;
  v_accounts int;
begin
  if v_id is not null then
    select (select count(*) from (select 1 from ledger_accounts where player_id = v_id and kind = 'main' for update) l),
           (select count(*) from ledger_accounts where player_id = v_id)
      into v_locked, v_accounts;
    if v_locked < 1 or v_accounts < 4 then
      insert into ledger_accounts (code, player_id, kind, balance)
        select 'player:' || v_id || ':' || k, v_id, k, 0
          from unnest(array['main', 'bonus', 'betting_bonus', 'fun']) k
        on conflict do nothing;
      perform 1 from ledger_accounts where player_id = v_id and kind = 'main' for update;
    end if;
    return;
  end if;
  select coalesce(array_agg(distinct p order by p), '{}') into v_ids from unnest(p_player_ids) p;
  if cardinality(v_ids) = 0 then
    return;
  end if;
  select (select count(*)
            from (select 1 from ledger_accounts where player_id = any (v_ids) and kind = 'main'
                   order by player_id for update) l),
         (select count(*) from ledger_accounts where player_id = any (v_ids))
    into v_locked, v_accounts;
  if v_locked < cardinality(v_ids) or v_accounts < cardinality(v_ids) * 4 then
    insert into ledger_accounts (code, player_id, kind, balance)
      select 'player:' || p || ':' || k, p, k, 0
        from unnest(v_ids) p, unnest(array['main', 'bonus', 'betting_bonus', 'fun']) k
      on conflict do nothing;
    perform count(*)
      from (select 1 from ledger_accounts where player_id = any (v_ids) and kind = 'main'
             order by player_id for update) l;
  end if;
end $$;
