-- Posts one balanced movement (the caller holds the transaction). Answers the entries in input order; a replay
-- answers the first posting's entries with o_replayed. Errors: LD001 insufficient funds (detail: the account),
-- LD002 the key was used for other content (detail: the key). The entries are inserted in one statement after the
-- loop, so ledger_check_balanced sees whole transactions. A replay answers the posting's own entries, not the lines
-- of another kind appended to it since (ledger_append_many).
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
  v_accounts bigint[] := '{}';
  v_afters bigint[] := '{}';
  v_owners bigint[] := '{}';
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
       where e.transaction_id = v_existing.id and e.kind is null order by e.id;
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
    v_accounts := v_accounts || v_account.id;
    v_afters := v_afters || v_after;
    v_owners := v_owners || v_account.player_id;
  end loop;
  -- The entries in one statement (the balance check runs once per statement, over its new rows), in code order.
  insert into ledger_entries (transaction_id, account_id, amount, balance_after)
    select v_tx, u.account_id, u.amount, u.balance_after
      from unnest(v_accounts, p_amounts, v_afters) with ordinality as u(account_id, amount, balance_after, n)
     order by u.n;
  return query
    select v_tx, false, u.code, u.amount, u.balance_after, u.player_id
      from unnest(p_codes, p_amounts, v_afters, v_owners) with ordinality as u(code, amount, balance_after, player_id, n)
     order by u.n;
end $$;
