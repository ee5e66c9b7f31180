-- Appends lines of another kind to transactions already posted (docs/decisions/070): a bet's jackpot contribution
-- joins the bet's own transaction instead of posting one of its own. Transaction n (1-based, the position in
-- p_keys) is found by its idempotency key (none: LD003, detail the key); its new lines are the entries whose
-- p_entry_txs is n, by account code and amount, inserted in input order with `kind` = p_kind. The lines of one
-- transaction sum to zero (ledger_check_balanced sees them as the statement's new rows of that transaction), none
-- is 0, and an account appears once per transaction in them. They move house money only: a missing `house:…`
-- account is made, as ledger_post makes it; a player account is refused (players' money moves in postings, under
-- the player's lock and its balance checks). A transaction that already carries lines of p_kind is refused
-- (LD002, detail the key): ask ledger_lines_present first. The transaction's own content, fingerprint and key do
-- not change; reports read a line's kind as coalesce(entry kind, transaction kind).
create or replace function ledger_append_many(
  p_keys text[], p_kind text, p_entry_txs int[], p_codes text[], p_amounts bigint[]
) returns void language plpgsql
set plan_cache_mode = force_generic_plan set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  v_ids bigint[];
  v_missing text;
  v_taken text;
  v_accounts bigint[];
  v_absent int;
  v_player text;
begin
  if coalesce(cardinality(p_codes), 0) = 0 then
    return;
  end if;
  select array_agg(t.id order by k.n), min(k.key) filter (where t.id is null),
         min(k.key) filter (where exists (select 1 from ledger_entries e
                                          where e.transaction_id = t.id and e.kind = p_kind))
    into v_ids, v_missing, v_taken
    from unnest(p_keys) with ordinality as k(key, n)
    left join ledger_transactions t on t.idempotency_key = k.key;
  if v_missing is not null then
    raise exception using errcode = 'LD003', message = 'no ledger transaction under ' || v_missing,
      detail = v_missing;
  end if;
  if v_taken is not null then
    raise exception using errcode = 'LD002', message = 'lines of ' || p_kind || ' already posted under ' || v_taken,
      detail = v_taken;
  end if;
  for v_attempt in 1 .. 2 loop
    select array_agg(a.id order by e.n), min(e.n) filter (where a.id is null),
           min(e.code) filter (where a.player_id is not null)
      into v_accounts, v_absent, v_player
      from unnest(p_codes) with ordinality as e(code, n)
      left join ledger_accounts a on a.code = e.code;
    exit when v_absent is null or v_attempt = 2 or p_codes[v_absent] not like 'house:%';
    insert into ledger_accounts (code, kind)
      select distinct c, c from unnest(p_codes) as c where c like 'house:%' order by c
      on conflict do nothing;
  end loop;
  if v_absent is not null then
    raise exception 'ledger account % missing', p_codes[v_absent];
  end if;
  if v_player is not null then
    raise exception 'ledger_append_many moves house money only (%)', v_player;
  end if;
  insert into ledger_entries (transaction_id, account_id, amount, balance_after, kind)
    select v_ids[e.tx], e.account_id, e.amount, null, p_kind
      from unnest(p_entry_txs, v_accounts, p_amounts) with ordinality as e(tx, account_id, amount, n)
     order by e.n;
end $$;
