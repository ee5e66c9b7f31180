-- Which of these posted transactions (by idempotency key) already carry lines of `p_kind` (ledger_append_many):
-- one boolean per key, in order. A key no transaction has is an error (LD003, detail: the key): lines join a
-- posted transaction only. The caller appends only to those that answer false, in the same database transaction.
create or replace function ledger_lines_present(p_keys text[], p_kind text) returns boolean[] language plpgsql
set plan_cache_mode = force_generic_plan set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  v_present boolean[];
  v_missing text;
begin
  select array_agg(coalesce(x.present, false) order by k.n), min(k.key) filter (where t.id is null)
    into v_present, v_missing
    from unnest(p_keys) with ordinality as k(key, n)
    left join ledger_transactions t on t.idempotency_key = k.key
    left join lateral (select true as present from ledger_entries e
                        where e.transaction_id = t.id and e.kind = p_kind limit 1) x on true;
  if v_missing is not null then
    raise exception using errcode = 'LD003', message = 'no ledger transaction under ' || v_missing,
      detail = v_missing;
  end if;
  return v_present;
end $$;
