-- Posts many balanced movements at once, set-based: the ledger's one posting function for batches
-- (docs/decisions/059). Transaction n (1-based, the position in p_keys) has its key, kind, reference, meta, time and
-- fingerprint (null: computed from its entries, byte for byte what ledger_fingerprint gives); its entries are those
-- whose p_entry_txs is n, by account code and amount, inserted in input order (list them transaction by
-- transaction; one account once a transaction). A missing house account ('house:…') is made,
-- as ledger_post makes it; a missing player account is an error. Player accounts' balances move by their entries'
-- sum and each player entry carries the balance right after it (counted on in input order); a balance below zero
-- is refused (LD001, detail: the code). The caller holds the players' locks (ledger_lock_players).
--
-- A key already taken posts nothing: with other content it is refused (LD002, detail: the key); with the same
-- content it answers the first posting's id with o_posted false, unless p_strict, where it raises unique_violation
-- as a plain insert would (the wallet's batches then go one by one). Answers, per transaction in order, its id and
-- whether this call posted it (one row of two arrays: no set to materialise).
create or replace function ledger_post_many(
  p_keys text[], p_kinds text[], p_references text[], p_metas jsonb[], p_ats timestamptz[], p_fingerprints text[],
  p_entry_txs int[], p_codes text[], p_amounts bigint[], p_strict boolean, out o_ids bigint[], out o_posted boolean[]
) language plpgsql
-- Generic plans, lookups by key (as wallet_round_many, its main caller: a batch of up to 32 rounds).
set plan_cache_mode = force_generic_plan set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  -- Per entry: its account, the account's player (null for a house account), the balance right after it.
  v_accounts bigint[];
  v_players bigint[];
  v_afters bigint[];
  v_lowest bigint;
  v_missing int;
  -- Per transaction (o_ids: its id, the first posting's when the key was taken; o_posted: whether this call posted it).
  v_fingerprints text[];
  v_inserted int;
  v_taken text;
begin
  for v_attempt in 1 .. 2 loop
    select array_agg(a.id order by e.n), array_agg(a.player_id order by e.n),
           array_agg(case when a.player_id is not null then a.balance + e.running end order by e.n),
           min(case when a.player_id is not null then a.balance + e.running end),
           min(e.n) filter (where a.id is null)
      into v_accounts, v_players, v_afters, v_lowest, v_missing
      from (select e.code, e.n, sum(e.amount) over (partition by e.code order by e.n) as running
              from unnest(p_codes, p_amounts) with ordinality as e(code, amount, n)) as e
      left join ledger_accounts a on a.code = e.code;
    exit when v_missing is null or v_attempt = 2 or p_codes[v_missing] not like 'house:%';
    insert into ledger_accounts (code, kind)
      select distinct c, c from unnest(p_codes) as c where c like 'house:%' order by c
      on conflict do nothing;
  end loop;
  if v_missing is not null then
    raise exception 'ledger account % missing', p_codes[v_missing];
  end if;
  if v_lowest < 0 then
    v_taken := (select e.code from unnest(p_codes, v_afters) with ordinality as e(code, after, n)
                 where e.after < 0 order by e.n limit 1);
    raise exception using errcode = 'LD001', message = 'insufficient funds on ' || v_taken, detail = v_taken;
  end if;

  with f as (
    select e.tx, '[' || to_json(p_kinds[e.tx])::text || ',['
             || string_agg('[' || to_json(e.code)::text || ',"' || e.amount::text || '"]', ','
                           order by e.code collate "C", e.n) || ']]' as content
      from unnest(p_entry_txs, p_codes, p_amounts) with ordinality as e(tx, code, amount, n)
     group by e.tx
  ), u as (
    select u.*, coalesce(u.given, encode(sha256(convert_to(
             coalesce(f.content, '[' || to_json(u.kind)::text || ',[]]'), 'UTF8')), 'hex')) as fingerprint
      from unnest(p_keys, p_kinds, p_references, p_metas, p_ats, p_fingerprints) with ordinality
             as u(key, kind, reference, meta, at, given, n)
      left join f on f.tx = u.n
  ), t as (
    insert into ledger_transactions (idempotency_key, kind, reference, fingerprint, meta, created_at)
      select u.key, u.kind, u.reference, u.fingerprint, coalesce(u.meta, '{}'::jsonb), coalesce(u.at, now())
        from u order by u.n
      on conflict (idempotency_key) do nothing
      returning id, idempotency_key
  )
  select array_agg(t.id order by u.n), array_agg(t.id is not null order by u.n),
         array_agg(u.fingerprint order by u.n), (select count(*) from t)
    into o_ids, o_posted, v_fingerprints, v_inserted
    from u left join t on t.idempotency_key = u.key;

  if v_inserted < cardinality(p_keys) then
    if p_strict then
      raise exception using errcode = 'unique_violation',
        message = 'duplicate key value violates unique constraint "ledger_transactions_idempotency_key_key"';
    end if;
    -- The taken keys: the first posting's id, and its content must be this one's.
    select array_agg(coalesce(o_ids[u.n], t.id) order by u.n),
           min(u.key) filter (where o_ids[u.n] is null and t.fingerprint is distinct from v_fingerprints[u.n])
      into o_ids, v_taken
      from unnest(p_keys) with ordinality as u(key, n)
      left join ledger_transactions t on o_ids[u.n] is null and t.idempotency_key = u.key;
    if v_taken is not null then
      raise exception using errcode = 'LD002', message = 'idempotency key reused with different content',
        detail = v_taken;
    end if;
    -- A taken transaction's entries are not posted: count the balances on without them.
    select array_agg(x.after order by x.n) into v_afters
      from (select e.n, case when e.player_id is not null
                             then a.balance + sum(e.amount) filter (where o_posted[e.tx])
                                                over (partition by e.account_id order by e.n) end as after
              from unnest(p_entry_txs, v_accounts, v_players, p_amounts) with ordinality
                     as e(tx, account_id, player_id, amount, n)
              left join ledger_accounts a on a.id = e.account_id) as x;
  end if;

  -- The entries in one statement (ledger_check_balanced runs once over its new rows), then the balances.
  with e as (
    select o_ids[e.tx] as transaction_id, e.tx, e.account_id, e.player_id, e.amount, e.after, e.n
      from unnest(p_entry_txs, v_accounts, v_players, p_amounts, v_afters) with ordinality
             as e(tx, account_id, player_id, amount, after, n)
     where o_posted[e.tx]
  ), x as (
    insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select e.transaction_id, e.account_id, e.amount, e.after from e order by e.n
    returning 1
  )
  update ledger_accounts a set balance = a.balance + d.total
    from (select e.account_id, sum(e.amount) as total from e where e.player_id is not null
           group by e.account_id having sum(e.amount) <> 0) as d
   where a.id = d.account_id;
end $$;
