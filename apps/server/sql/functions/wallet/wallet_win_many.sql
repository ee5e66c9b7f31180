-- Many wallet wins in one call, set-based (a sportsbook settlement batch pays up to 1,000 bets at once;
-- docs/decisions/033, 036). It answers what wallet_call('win', …) would answer for each row, called row by row: one
-- row per input, (o_i, o_result) with o_i its 1-based position. Each run of consecutive plain rows
-- (wallet_win_plain) goes through wallet_win_run; every other row through wallet_call itself, in its place. The
-- players are locked first (sorted), so the rows are judged under the locks wallet_call would have taken. The house
-- account is made on first use by the ledger's posting functions (ledger_post_many, ledger_post).
create or replace function wallet_win_many(
  p_now timestamptz, p_tokens text[], p_transaction_ids text[], p_round_ids text[], p_amounts bigint[],
  p_close boolean[]
) returns table (o_i int, o_result json) language plpgsql
set plan_cache_mode = force_custom_plan as $$
declare
  v_players bigint[];
  -- v_plain[i]: row i goes set-based.
  v_plain boolean[];
  v_from int;
  v_i int;
begin
  select coalesce(array_agg(distinct s.player_id), '{}') into v_players
    from wallet_sessions s where s.token = any (p_tokens);
  perform ledger_lock_players(v_players);

  v_plain := wallet_win_plain(p_tokens, p_transaction_ids, p_round_ids, p_amounts);

  -- In the rows' order: each run of plain rows set-based, each other row through wallet_call.
  v_from := null;
  for v_i in 1 .. coalesce(cardinality(p_tokens), 0) + 1 loop
    if v_i <= cardinality(p_tokens) and v_plain[v_i] then
      v_from := coalesce(v_from, v_i);
      continue;
    end if;
    if v_from is not null then
      return query select * from wallet_win_run(p_now, p_tokens[v_from:v_i - 1],
        p_transaction_ids[v_from:v_i - 1], p_round_ids[v_from:v_i - 1], p_amounts[v_from:v_i - 1],
        p_close[v_from:v_i - 1], v_from - 1, v_players);
      v_from := null;
    end if;
    if v_i <= cardinality(p_tokens) then
      o_i := v_i;
      o_result := wallet_call('win', p_tokens[v_i], p_transaction_ids[v_i], p_round_ids[v_i], p_amounts[v_i], null,
        p_now, null, coalesce(p_close[v_i], false))::json;
      return next;
    end if;
  end loop;
end $$;
