-- The ledger's posting in one round trip (modules/ledger/post-transaction.ts calls these). The rules are those of
-- 0200: player accounts are locked in id order before anything is read, an idempotency key moves money once (a
-- retry with the same content gets the first entries, other content is refused), no player balance goes below
-- zero (checked here, and by the CHECK constraint as the last line), entries sum to zero (the deferred trigger).
-- Inside a plpgsql function each statement takes a fresh snapshot (READ COMMITTED), so everything read after the
-- lock statement sees what the previous holder of the lock committed.

-- Creates a player's four accounts on first use and locks every account of the players, in id order.
create function ledger_lock_players(p_player_ids bigint[]) returns void language plpgsql as $$
declare
  v_ids bigint[];
  v_locked int;
begin
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

-- The idempotency fingerprint: SHA-256 of the JSON text `["kind",[["code","amount"],…]]` with the entries in
-- code order, byte for byte what post-transaction.ts computed before this function existed.
create function ledger_fingerprint(p_kind text, p_codes text[], p_amounts bigint[]) returns text
language sql immutable as $$
  select encode(sha256(convert_to(
    '[' || to_json(p_kind)::text || ',[' ||
    coalesce((select string_agg('[' || to_json(i.c)::text || ',"' || i.a::text || '"]', ',' order by i.c collate "C")
              from unnest(p_codes, p_amounts) as i(c, a)), '') || ']]', 'UTF8')), 'hex')
$$;

-- Posts one balanced movement (the caller holds the transaction). Answers the entries in input order; a replay
-- answers the first posting's entries with o_replayed. Errors: LD001 insufficient funds (detail: the account),
-- LD002 the key was used for other content (detail: the key).
create function ledger_post(
  p_key text, p_kind text, p_reference text, p_meta jsonb, p_at timestamptz, p_codes text[], p_amounts bigint[]
) returns table (
  o_transaction_id bigint, o_replayed boolean, o_code text, o_amount bigint, o_balance_after bigint,
  o_player_id bigint
) language plpgsql as $$
declare
  v_fingerprint text := ledger_fingerprint(p_kind, p_codes, p_amounts);
  v_tx bigint;
  v_existing record;
  v_account record;
  v_after bigint;
begin
  perform ledger_lock_players(array(
    select split_part(c, ':', 2)::bigint from unnest(p_codes) c where c like 'player:%'));
  insert into ledger_accounts (code, kind)
    select c, c from unnest(p_codes) c
     where c like 'house:%' and not exists (select 1 from ledger_accounts a where a.code = c)
    on conflict do nothing;
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
