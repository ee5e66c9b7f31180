-- Which rows of wallet_win_many go set-based (true at their position); judged under its locks: a real-money win
-- above 0 on the session player's own round (or a new one), not rolled back, with no bonus stakes, its id not seen
-- before, no other row on its round or with its id.
create or replace function wallet_win_plain(
  p_tokens text[], p_transaction_ids text[], p_round_ids text[], p_amounts bigint[]
) returns boolean[] language plpgsql
-- Planned for the arrays given (their length), not generically: a generic plan guesses 10 rows and loops.
set plan_cache_mode = force_custom_plan as $$
declare
  v_plain boolean[];
begin
  select coalesce(array_agg(x.plain order by x.i), '{}') into v_plain
    from (
      select y.i,
             coalesce(y.mode = 'real' and y.amount > 0 and y.same_id = 1 and y.same_round = 1
               and not y.seen
               and (y.round_pk is null
                    or (y.round_player = y.player_id and y.round_mode = 'real' and y.round_status <> 'rolled_back'
                        and y.bonus_bet_total = 0)), false) as plain
        from (
          select c.i::int as i, s.mode, c.amount, g.id as round_pk, g.player_id as round_player,
                 g.mode as round_mode, g.status as round_status, g.bonus_bet_total, s.player_id,
                 count(*) over (partition by s.provider, c.transaction_id) as same_id,
                 count(*) over (partition by s.provider, c.round_id) as same_round,
                 t.seen is not null as seen
            from unnest(p_tokens, p_transaction_ids, p_round_ids, p_amounts) with ordinality
                   as c(token, transaction_id, round_id, amount, i)
            left join wallet_sessions s on s.token = c.token
            left join lateral (select g.* from game_rounds g
                                where g.provider = s.provider and g.round_id = c.round_id limit 1) g on true
            left join lateral (select true as seen from wallet_transactions t
                                where t.provider = s.provider and t.transaction_id = c.transaction_id limit 1) t on true
        ) y
    ) x;
  return v_plain;
end $$;
