-- One run of plain rows of wallet_win_many (its positions p_offset + 1, …), set-based: their ledger transactions,
-- entries (balance_after counted on in the rows' order) and balances in one ledger_post_many call
-- (docs/decisions/059), then their rounds and wallet records; answers each row.
create or replace function wallet_win_run(
  p_now timestamptz, p_tokens text[], p_transaction_ids text[], p_round_ids text[], p_amounts bigint[],
  p_close boolean[], p_offset int, p_players bigint[]
) returns table (o_i int, o_result json) language plpgsql
set plan_cache_mode = force_custom_plan as $$
declare
  -- Per row, in order: its ledger transaction (ledger_post_many's answer).
  v_ids bigint[];
begin
  with c as (
    select c.i, 'wallet:' || s.provider || ':' || c.transaction_id as ledger_key,
           s.provider || ':' || c.transaction_id as reference, c.amount, s.player_id,
           jsonb_build_object('game', coalesce(g.game, s.game), 'mode', 'real') as meta
      from unnest(p_tokens, p_transaction_ids, p_round_ids, p_amounts) with ordinality
             as c(token, transaction_id, round_id, amount, i)
      join wallet_sessions s on s.token = c.token
      left join lateral (select g.game from game_rounds g
                          where g.provider = s.provider and g.round_id = c.round_id limit 1) g on true
  ), e as (
    -- A win's entries: the player's main account, then the house.
    select c.i, e.n, e.code, e.amount
      from c cross join lateral (values (1, 'player:' || c.player_id || ':main', c.amount),
                                        (2, 'house:games', -c.amount)) as e(n, code, amount)
  )
  select l.o_ids into v_ids
    from ledger_post_many(
      (select array_agg(c.ledger_key order by c.i) from c),
      (select array_agg('game.win'::text) from c),
      (select array_agg(c.reference order by c.i) from c),
      (select array_agg(c.meta order by c.i) from c),
      (select array_agg(p_now) from c),
      null,
      (select array_agg(e.i::int order by e.i, e.n) from e),
      (select array_agg(e.code order by e.i, e.n) from e),
      (select array_agg(e.amount order by e.i, e.n) from e),
      true) as l;

  return query
  with c as (
    select (p_offset + c.i)::int as i, c.transaction_id, c.round_id, c.amount, coalesce(c.close, false) as close,
           s.player_id, s.provider, coalesce(g.game, s.game) as game, s.game as session_game, p.currency,
           g.id as round_pk, v_ids[c.i] as ledger_id,
           -- The main balance after each row: the balance as posted, less the run's later wins of the player.
           a.balance - sum(c.amount) over (partition by s.player_id)
             + sum(c.amount) over (partition by s.player_id order by c.i) as main_after
      from unnest(p_tokens, p_transaction_ids, p_round_ids, p_amounts, p_close) with ordinality
             as c(token, transaction_id, round_id, amount, close, i)
      join wallet_sessions s on s.token = c.token
      join players_summary_v p on p.id = s.player_id
      join ledger_player_balances_v a on a.player_id = s.player_id and a.kind = 'main'
      left join lateral (select g.id, g.game from game_rounds g
                          where g.provider = s.provider and g.round_id = c.round_id limit 1) g on true
  ),
  others as (
    select a.player_id,
           coalesce(max(a.balance) filter (where a.kind = 'bonus'), 0) as bonus,
           coalesce(max(a.balance) filter (where a.kind = 'betting_bonus'), 0) as betting_bonus,
           coalesce(max(a.balance) filter (where a.kind = 'fun'), 0) as fun
      from ledger_player_balances_v a where a.player_id = any (p_players) group by a.player_id
  ),
  opened as (
    insert into game_rounds (provider, round_id, player_id, game, mode, win_total, status, created_at, updated_at)
    select c.provider, c.round_id, c.player_id, c.session_game, 'real', c.amount,
           case when c.close then 'closed' else 'open' end, p_now, p_now
      from c where c.round_pk is null order by c.i
    returning 1
  ),
  rounds as (
    update game_rounds g set win_total = g.win_total + c.amount, updated_at = p_now,
           status = case when c.close then 'closed' else g.status end
      from c where g.id = c.round_pk
    returning 1
  ),
  answers as (
    select c.*, o.bonus, o.betting_bonus, o.fun,
           jsonb_build_object('transaction_id', c.transaction_id,
             'balance', round((c.main_after + o.bonus)::numeric / 100, 2), 'currency', c.currency,
             'mode', 'real') as response
      from c join others o on o.player_id = c.player_id
  ),
  recorded as (
    insert into wallet_transactions (provider, transaction_id, type, player_id, round_id, amount,
        reference_transaction_id, ledger_transaction_id, fingerprint, response, created_at,
        bonus_id, bonus_amount, bonus_wagered)
    select w.provider, w.transaction_id, 'win', w.player_id, w.round_id, w.amount, null, w.ledger_id,
           -- wallet_fingerprint('win', player, round, amount, null) written out (a test holds the two equal).
           encode(sha256(convert_to('["win",' || w.player_id::text || ',' || to_json(w.round_id)::text || ',"'
             || w.amount::text || '",null]', 'UTF8')), 'hex'),
           w.response, p_now, null, 0, 0
      from answers w order by w.i
    returning 1
  )
  select w.i, json_build_object(
           'response', w.response, 'moved', true, 'player_id', w.player_id, 'currency', w.currency,
           'provider', w.provider, 'game', w.game, 'mode', 'real', 'amount', w.amount::text,
           'round_id', w.round_id,
           'balances', json_build_object('main', w.main_after::text, 'bonus', w.bonus::text,
             'betting_bonus', w.betting_bonus::text, 'fun', w.fun::text))
    from answers w;
end $$;
