-- The rounds of a batch in one call, set-based (docs/decisions/044, 046): for each round, in the rounds' order,
-- exactly what wallet_round writes and answers; a round whose win id is null is a stake whose round stays open, as
-- wallet_apply('bet', …, false) writes it. The caller's wallet_open calls (or wallet_open_many) have locked the
-- players' accounts; the batch never holds two rounds of one player. Whatever wallet_round sends to
-- wallet_round_in_two_calls makes the batch raise WA900 (its bets then go one by one). The ledger transactions go
-- through ledger_post_many, one call for the batch (docs/decisions/059), which makes a missing house account.
create or replace function wallet_round_many(
  p_tokens text[], p_round_ids text[], p_bet_ids text[], p_bets bigint[], p_win_ids text[], p_wins bigint[],
  p_nows timestamptz[], p_expires timestamptz[]
) returns jsonb language plpgsql
-- Its statements read the batch as a parameter: a custom plan for each call would plan them all again (the planner
-- knows the batch's size only in a custom plan, and keeps choosing those), so the backend keeps one generic plan.
-- That plan does not know the batch's size either (at most 32 rounds): with hash joins it read whole small tables
-- (player_bonuses, ledger_accounts) to join a few rows. Every join here is a lookup by key.
set plan_cache_mode = force_generic_plan set enable_hashjoin = off set enable_mergejoin = off as $$
declare
  v_plan wallet_round_plan[];
  -- The rows the plan updates, by key: updates find them with `= any`, an index lookup whatever the statistics say.
  v_bonuses bigint[];
  v_wagers bigint[];
  v_bonus_ats timestamptz[];
  v_keys text[];
  v_ids bigint[];
  -- The batch's ledger transactions and their entries, for ledger_post_many.
  v_kinds text[];
  v_references text[];
  v_metas jsonb[];
  v_ats timestamptz[];
  v_entry_txs int[];
  v_codes text[];
  v_amounts bigint[];
  v_result jsonb;
begin
  with u as (
    select u.* from unnest(p_tokens, p_round_ids, p_bet_ids, p_bets, p_win_ids, p_wins, p_nows, p_expires)
      with ordinality as u(token, round_id, bet_id, bet, win_id, win, at, expires, n)
  ), s as (
    select u.*, w.player_id, w.provider, w.game, w.mode, p.currency,
           case when w.mode = 'demo' then 'fun' else 'main' end as player_kind,
           case when w.mode = 'demo' then 'house:fun' else 'house:games' end as house_code
      from u left join wallet_sessions w on w.token = u.token left join players_summary_v p on p.id = w.player_id
  ), b as (
    -- wallet_round's bonus: the active one of the game's kind, with its terms (bonus_stake's rules).
    select s.*, bo.id as bonus_id, bo.type as bonus_type, bo.max_bet, bo.is_free_bet, bo.wagered as bonus_wagered,
           bo.wager_requirement, coalesce(bo.isolated, false) as isolated, bo.contribution
      from s left join lateral (
        select x.id, x.type, x.max_bet, x.is_free_bet, x.wagered, x.wager_requirement,
               coalesce((st.value ->> 'is_bonus_isolation_enabled')::boolean, false) as isolated,
               greatest(0, least(100, coalesce((x.contributions -> 'games' ->> s.game)::int, c.percent,
                 (x.contributions -> 'kinds' ->> coalesce(g.type, 'unknown'))::int,
                 (x.contributions ->> 'other')::int, 0))) as contribution
          from (select 1) as one
          left join games_catalogue_v g on g.sysname = s.game
          join bonuses_player_terms_v x on x.player_id = s.player_id and x.status = 'active'
                               and x.type = case when g.type = 'betting' then 'betting' else 'casino' end
          left join metadata_settings_v st on st.key = 'general-info'
          left join bonuses_game_contributions_v c on c.game = s.game
         where s.mode = 'real'
         limit 1) bo on true
  ), a as (
    select b.*, 'player:' || b.player_id || ':' || b.player_kind as player_code,
           case when b.bonus_id is not null then 'player:' || b.player_id || ':bonus' end as bonus_code,
           acc.player_acc, acc.player0, acc.bonus_acc, coalesce(acc.bonus0, 0) as bonus0,
           coalesce(acc.before, '{}') as before
      from b
      left join lateral (
        select max(x.id) filter (where x.code = 'player:' || b.player_id || ':' || b.player_kind) as player_acc,
               max(x.balance) filter (where x.code = 'player:' || b.player_id || ':' || b.player_kind) as player0,
               max(x.id) filter (where b.bonus_id is not null and x.code = 'player:' || b.player_id || ':bonus')
                 as bonus_acc,
               max(x.balance) filter (where b.bonus_id is not null and x.code = 'player:' || b.player_id || ':bonus')
                 as bonus0,
               jsonb_object_agg(x.kind, x.balance order by x.id) as before
          from ledger_player_balances_v x where x.player_id = b.player_id) acc on true
  ), split as (
    select a.*,
           case when a.bonus_id is null then 0::bigint
                when a.isolated or a.is_free_bet then least(a.bet, a.bonus0)
                else greatest(0, a.bet - coalesce(a.player0, 0)) end as bet_bonus
      from a
  ), terms as (
    select split.*,
           case when split.bonus_id is null then 0::bigint
                else (case when split.isolated then split.bet_bonus else split.bet end) * split.contribution / 100
           end as wagered,
           case when split.bet_bonus > 0 then split.win - split.win * (split.bet - split.bet_bonus) / split.bet
                else 0::bigint end as win_bonus
      from split
  )
  select array_agg(row(w.n, w.token, w.round_id, w.bet_id, w.win_id, w.bet, w.win, w.at, w.expires, w.player_id,
           w.provider, w.game, w.mode, w.currency, w.player_kind, w.player_code, w.house_code,
           w.player_acc, w.player0, w.bonus_id, w.bonus_code, w.bonus_acc, w.bonus0, w.bet_bonus, w.win_bonus,
           w.bet - w.bet_bonus, w.win - w.win_bonus, w.wagered, w.before,
           -- What wallet_round would send apart or refuse.
           coalesce(w.player_id is null or w.bet <= 0 or w.win < 0
           or m.marked is not null or g.recorded is not null
           or (w.bonus_id is not null and w.bonus_type <> 'casino')
           or (w.wagered > 0 and w.bonus_wagered + w.wagered >= w.wager_requirement)
           or (w.bonus_id is not null and w.max_bet is not null and w.bet > w.max_bet
               and (w.bet_bonus > 0 or (not w.isolated and w.bonus0 > 0)))
           or w.player_acc is null or (w.bonus_id is not null and w.bonus_acc is null)
           or w.player0 - (w.bet - w.bet_bonus) < 0 or w.bonus0 - w.bet_bonus < 0, true)
         )::wallet_round_plan order by w.n)
    -- Lookups by key, row by row (a lateral with a limit: an exists could be planned as a scan of the table).
    into v_plan from terms w
    left join lateral (select true as marked from wallet_rollback_marks m
                        where m.provider = w.provider and m.transaction_id = w.bet_id limit 1) m on true
    left join lateral (select true as recorded from game_rounds g
                        where g.provider = w.provider and g.round_id = w.round_id limit 1) g on true;

  if exists (select 1 from unnest(v_plan) p where p.alone)
     or (select count(distinct p.player_id) from unnest(v_plan) p) <> cardinality(v_plan) then
    raise exception using errcode = 'WA900', message = 'a round of the batch goes alone';
  end if;

  select array_agg(p.bonus_id), array_agg(p.wagered), array_agg(p.at) into v_bonuses, v_wagers, v_bonus_ats
    from unnest(v_plan) p where p.wagered > 0;

  -- The ledger transactions: each round's stake, then its win (when it won), as wallet_round posts them; a
  -- transaction's entries: the player's part, the house, the bonus's part (none of 0).
  with t as (
    select row_number() over (order by p.n, k.k)::int as tx, 'wallet:' || p.provider || ':' || k.tx_id as key,
           k.kind, p.provider || ':' || k.tx_id as reference, jsonb_build_object('game', p.game, 'mode', p.mode) as meta,
           p.at, k.codes, k.amounts
      from unnest(v_plan) p
      cross join lateral (values
        (1, 'game.bet', p.bet_id,
         case when p.bet_player > 0 then array[p.player_code] else '{}'::text[] end || array[p.house_code]
           || case when p.bet_bonus > 0 then array[p.bonus_code] else '{}'::text[] end,
         case when p.bet_player > 0 then array[-p.bet_player] else '{}'::bigint[] end || array[p.bet]
           || case when p.bet_bonus > 0 then array[-p.bet_bonus] else '{}'::bigint[] end),
        (2, 'game.win', p.win_id,
         case when p.win_player > 0 then array[p.player_code] else '{}'::text[] end || array[p.house_code]
           || case when p.win_bonus > 0 then array[p.bonus_code] else '{}'::text[] end,
         case when p.win_player > 0 then array[p.win_player] else '{}'::bigint[] end || array[-p.win]
           || case when p.win_bonus > 0 then array[p.win_bonus] else '{}'::bigint[] end)
      ) as k(k, kind, tx_id, codes, amounts)
     where k.k = 1 or p.win > 0
  )
  select array_agg(t.key order by t.tx), array_agg(t.kind order by t.tx), array_agg(t.reference order by t.tx),
         array_agg(t.meta order by t.tx), array_agg(t.at order by t.tx),
         (select array_agg(t.tx order by t.tx, e.n) from t, unnest(t.codes) with ordinality as e(code, n)),
         (select array_agg(e.code order by t.tx, e.n) from t, unnest(t.codes) with ordinality as e(code, n)),
         (select array_agg(e.amount order by t.tx, e.n) from t, unnest(t.amounts) with ordinality as e(amount, n))
    into v_keys, v_kinds, v_references, v_metas, v_ats, v_entry_txs, v_codes, v_amounts
    from t;
  select l.o_ids into v_ids
    from ledger_post_many(v_keys, v_kinds, v_references, v_metas, v_ats, null, v_entry_txs, v_codes, v_amounts,
                          true) as l;

  -- The bonuses module's wagering, one call for the batch (no stake here completes its bonus: those go alone).
  if v_bonuses is not null then
    perform bonus_wager_many(v_bonuses, v_wagers, v_bonus_ats);
  end if;

  insert into game_rounds (provider, round_id, player_id, game, mode, bet_total, win_total, status, bonus_id,
                           bonus_bet_total, created_at, updated_at)
    select p.provider, p.round_id, p.player_id, p.game, p.mode, p.bet, p.win,
           case when p.win_id is null then 'open' else 'closed' end, p.bonus_id, p.bet_bonus,
           p.at, p.at
      from unnest(v_plan) p order by p.n;

  update wallet_sessions w set expires_at = p_expires[array_position(p_tokens, w.token)]
   where w.token = any (p_tokens);

  with r as (
    select p.*, x.after_bet, x.after_win,
           wallet_round_response(p.bet_id, x.after_bet, p.mode, p.currency) as bet_response,
           wallet_round_response(p.win_id, x.after_win, p.mode, p.currency) as win_response,
           (select k.id from unnest(v_keys, v_ids) as k(key, id)
             where k.key = 'wallet:' || p.provider || ':' || p.bet_id) as bet_tx,
           (select k.id from unnest(v_keys, v_ids) as k(key, id)
             where k.key = 'wallet:' || p.provider || ':' || p.win_id) as win_tx
      from unnest(v_plan) p
      cross join lateral (
        select b.after_bet,
               b.after_bet || jsonb_build_object(p.player_kind, p.player0 - p.bet_player + p.win_player)
                 || case when p.bonus_acc is not null
                         then jsonb_build_object('bonus', p.bonus0 - p.bet_bonus + p.win_bonus)
                         else '{}'::jsonb end as after_win
          from (select p.before || jsonb_build_object(p.player_kind, p.player0 - p.bet_player)
                         || case when p.bonus_acc is not null
                                 then jsonb_build_object('bonus', p.bonus0 - p.bet_bonus)
                                 else '{}'::jsonb end as after_bet) as b
        -- Not pulled up: the answers' functions are inlined only when their balances are a column, not an expression.
        offset 0
      ) as x
  ), recorded as (
    insert into wallet_transactions (provider, transaction_id, type, player_id, round_id, amount,
        reference_transaction_id, ledger_transaction_id, fingerprint, response, created_at,
        bonus_id, bonus_amount, bonus_wagered)
      select r.provider, k.transaction_id, k.type, r.player_id, r.round_id, k.amount, null, k.ledger_tx,
             wallet_fingerprint(k.type, r.player_id, r.round_id, k.amount, null), k.response, r.at,
             k.bonus_id, k.bonus_amount, k.bonus_wagered
        from r
        cross join lateral (values
          (1, r.bet_id, 'bet', r.bet, r.bet_tx, r.bet_response, r.bonus_id, r.bet_bonus, r.wagered),
          (2, r.win_id, 'win', r.win, r.win_tx, r.win_response,
           case when r.win > 0 and r.bet_bonus > 0 then r.bonus_id end, r.win_bonus, 0::bigint)
        ) as k(k, transaction_id, type, amount, ledger_tx, response, bonus_id, bonus_amount, bonus_wagered)
       where k.transaction_id is not null
       order by r.n, k.k
  )
  select jsonb_agg(jsonb_build_array(
           wallet_round_result(r.bet_response, true, r.player_id, r.currency, r.provider, r.game, r.mode, r.bet,
                               r.round_id, r.after_bet))
           || case when r.win_id is null then '[]'::jsonb
                   else jsonb_build_array(
                          wallet_round_result(r.win_response, r.win > 0, r.player_id, r.currency, r.provider, r.game,
                                              r.mode, r.win, r.round_id, r.after_win)) end order by r.n)
    into v_result from r;
  return v_result;
end $$;
