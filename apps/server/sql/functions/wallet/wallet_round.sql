-- A whole round of one of our own games, its stake and its win, in one call (docs/decisions/038). It writes exactly
-- what wallet_apply('bet') and wallet_apply('win') write, in the same order of ids: the round (closed, with its
-- totals), the two ledger transactions and their entries, the player's balances, the bonus's wagering (bonus_stake's
-- rules, inlined), the session's expiry and the two wallet records with their stored answers; and it answers the
-- two calls' results as a JSON array. It needs the caller's wallet_open in the same transaction.
-- Its ledger transactions go through ledger_post_many in one call (docs/decisions/059).
-- Anything unusual goes through wallet_round_in_two_calls before anything is written: a round or a rollback mark that
-- already exists, a stake of 0, no session, a missing player account, a betting bonus, or a stake whose wagering
-- completes its bonus. A stake short of money is refused as ledger_post refuses it (LD001).
create or replace function wallet_round(
  p_token text, p_round_id text, p_bet_transaction_id text, p_bet bigint, p_win_transaction_id text, p_win bigint,
  p_now timestamptz, p_session_expires_at timestamptz
) returns jsonb language plpgsql as $$
declare
  s record;
  v_acc record;
  v_player_kind text;
  v_player_code text;
  v_house_code text;
  v_bonus_id bigint;
  v_bonus_code text;
  b record;
  v_wagered bigint := 0;
  -- The stake's and the win's parts from the bonus's money; the rest is the player's main (or fun) money.
  v_bet_bonus bigint := 0;
  v_win_bonus bigint := 0;
  v_bet_player bigint;
  v_win_player bigint;
  v_player_id bigint;
  v_player0 bigint;
  v_bonus_acc bigint;
  v_bonus0 bigint := 0;
  v_before jsonb := '{}';
  v_after_bet jsonb;
  v_after_win jsonb;
  v_meta jsonb;
  -- The entries of the two ledger transactions: the transaction (1 the stake, 2 the win), the code, the amount.
  v_e_tx int[];
  v_e_code text[];
  v_e_amount bigint[];
  v_txs int := case when p_win > 0 then 2 else 1 end;
  v_bet_tx bigint;
  v_win_tx bigint;
  v_bet_response jsonb;
  v_win_response jsonb;
begin
  select w.player_id, w.provider, w.game, w.mode, p.currency into s
    from wallet_sessions w join players_summary_v p on p.id = w.player_id where w.token = p_token;
  if s.player_id is null or p_bet <= 0 or p_win < 0
     or exists (select 1 from wallet_rollback_marks m
                 where m.provider = s.provider and m.transaction_id = p_bet_transaction_id)
     or exists (select 1 from game_rounds g where g.provider = s.provider and g.round_id = p_round_id) then
    return wallet_round_in_two_calls(p_token, p_round_id, p_bet_transaction_id, p_bet, p_win_transaction_id, p_win, p_now,
                              p_session_expires_at);
  end if;

  v_player_kind := case when s.mode = 'demo' then 'fun' else 'main' end;
  v_player_code := 'player:' || s.player_id || ':' || v_player_kind;
  v_house_code := case when s.mode = 'demo' then 'house:fun' else 'house:games' end;
  if s.mode = 'real' then
    -- bonus_stake's choice of the active bonus and its terms, in one statement (the bonus's kind by the game's).
    select x.id, x.type, x.max_bet, x.is_free_bet, x.wagered, x.wager_requirement,
           coalesce((st.value ->> 'is_bonus_isolation_enabled')::boolean, false) as isolated,
           greatest(0, least(100, coalesce((x.contributions -> 'games' ->> s.game)::int, c.percent,
             (x.contributions -> 'kinds' ->> coalesce(g.type, 'unknown'))::int, (x.contributions ->> 'other')::int,
             0))) as contribution
      into b
      from (select 1) as one
      left join games_catalogue_v g on g.sysname = s.game
      join bonuses_player_terms_v x on x.player_id = s.player_id and x.status = 'active'
                           and x.type = case when g.type = 'betting' then 'betting' else 'casino' end
      left join metadata_settings_v st on st.key = 'general-info'
      left join bonuses_game_contributions_v c on c.game = s.game;
    if b.id is not null then
      if b.type <> 'casino' then
        return wallet_round_in_two_calls(p_token, p_round_id, p_bet_transaction_id, p_bet, p_win_transaction_id, p_win,
                                  p_now, p_session_expires_at);
      end if;
      v_bonus_id := b.id;
      v_bonus_code := 'player:' || s.player_id || ':bonus';
    end if;
  end if;

  -- The balances as the player's lock left them (wallet_open took it: ledger_lock_players).
  for v_acc in
    select a.id, a.code, a.kind, a.balance from ledger_player_balances_v a where a.player_id = s.player_id order by a.id
  loop
    v_before := v_before || jsonb_build_object(v_acc.kind, v_acc.balance);
    if v_acc.code = v_player_code then
      v_player_id := v_acc.id;
      v_player0 := v_acc.balance;
    elsif v_acc.code = v_bonus_code then
      v_bonus_acc := v_acc.id;
      v_bonus0 := v_acc.balance;
    end if;
  end loop;

  if v_bonus_id is not null then
    -- bonus_stake's split and wagering, from the balances just locked (a missing main account counts as 0).
    if b.isolated or b.is_free_bet then
      v_bet_bonus := least(p_bet, v_bonus0);
    else
      v_bet_bonus := greatest(0, p_bet - coalesce(v_player0, 0));
    end if;
    if b.max_bet is not null and p_bet > b.max_bet and (v_bet_bonus > 0 or (not b.isolated and v_bonus0 > 0)) then
      perform wallet_raise('BONUS_MAX_BET', b.max_bet::text);
    end if;
    v_wagered := (case when b.isolated then v_bet_bonus else p_bet end) * b.contribution / 100;
    -- A stake that completes its bonus goes the two calls' way (bonus_finish's conversion keeps its order).
    if v_wagered > 0 and b.wagered + v_wagered >= b.wager_requirement then
      return wallet_round_in_two_calls(p_token, p_round_id, p_bet_transaction_id, p_bet, p_win_transaction_id, p_win, p_now,
                                p_session_expires_at);
    end if;
    -- wallet_apply's win: the round's bonus part of the stakes, the bonus's share rounded up.
    if v_bet_bonus > 0 then
      v_win_bonus := p_win - p_win * (p_bet - v_bet_bonus) / p_bet;
    end if;
  end if;
  v_bet_player := p_bet - v_bet_bonus;
  v_win_player := p_win - v_win_bonus;
  if v_player_id is null or (v_bonus_code is not null and v_bonus_acc is null) then
    return wallet_round_in_two_calls(p_token, p_round_id, p_bet_transaction_id, p_bet, p_win_transaction_id, p_win,
                                     p_now, p_session_expires_at);
  end if;
  if v_bet_player > 0 and v_player0 - v_bet_player < 0 then
    raise exception using errcode = 'LD001', message = 'insufficient funds on ' || v_player_code,
      detail = v_player_code;
  end if;
  if v_bet_bonus > 0 and v_bonus0 - v_bet_bonus < 0 then
    raise exception using errcode = 'LD001', message = 'insufficient funds on ' || v_bonus_code,
      detail = v_bonus_code;
  end if;

  -- The two movements as wallet_apply builds them: the player's part, the house, the bonus's part (none of 0).
  v_meta := jsonb_build_object('game', s.game, 'mode', s.mode);
  select array_agg(e.t order by e.n), array_agg(e.code order by e.n), array_agg(e.amount order by e.n)
    into v_e_tx, v_e_code, v_e_amount
    from (values (1, 1, v_player_code, -v_bet_player, v_bet_player > 0),
                 (2, 1, v_house_code, p_bet, true),
                 (3, 1, v_bonus_code, -v_bet_bonus, v_bet_bonus > 0),
                 (4, 2, v_player_code, v_win_player, p_win > 0 and v_win_player > 0),
                 (5, 2, v_house_code, -p_win, p_win > 0),
                 (6, 2, v_bonus_code, v_win_bonus, p_win > 0 and v_win_bonus > 0)) as e(n, t, code, amount, present)
   where e.present;
  select l.o_ids[1], l.o_ids[2] into v_bet_tx, v_win_tx
    from ledger_post_many(
      (array['wallet:' || s.provider || ':' || p_bet_transaction_id,
             'wallet:' || s.provider || ':' || p_win_transaction_id])[1:v_txs],
      (array['game.bet', 'game.win'])[1:v_txs],
      (array[s.provider || ':' || p_bet_transaction_id, s.provider || ':' || p_win_transaction_id])[1:v_txs],
      (array[v_meta, v_meta])[1:v_txs], (array[p_now, p_now])[1:v_txs], null, v_e_tx, v_e_code, v_e_amount,
      true) as l;
  if v_wagered > 0 then
    -- The bonuses module's wagering (it does not complete the bonus here: that stake went apart above).
    perform bonus_wager(v_bonus_id, v_wagered, p_now);
  end if;

  insert into game_rounds (provider, round_id, player_id, game, mode, bet_total, win_total, status, bonus_id,
                           bonus_bet_total, created_at, updated_at)
    values (s.provider, p_round_id, s.player_id, s.game, s.mode, p_bet, p_win, 'closed', v_bonus_id, v_bet_bonus,
            p_now, p_now);
  update wallet_sessions set expires_at = p_session_expires_at where token = p_token;

  v_after_bet := v_before || jsonb_build_object(v_player_kind, v_player0 - v_bet_player);
  if v_bonus_acc is not null then
    v_after_bet := v_after_bet || jsonb_build_object('bonus', v_bonus0 - v_bet_bonus);
  end if;
  v_after_win := v_after_bet || jsonb_build_object(v_player_kind, v_player0 - v_bet_player + v_win_player);
  if v_bonus_acc is not null then
    v_after_win := v_after_win || jsonb_build_object('bonus', v_bonus0 - v_bet_bonus + v_win_bonus);
  end if;
  v_bet_response := wallet_round_response(p_bet_transaction_id, v_after_bet, s.mode, s.currency);
  v_win_response := wallet_round_response(p_win_transaction_id, v_after_win, s.mode, s.currency);
  insert into wallet_transactions (provider, transaction_id, type, player_id, round_id, amount,
      reference_transaction_id, ledger_transaction_id, fingerprint, response, created_at,
      bonus_id, bonus_amount, bonus_wagered)
    values (s.provider, p_bet_transaction_id, 'bet', s.player_id, p_round_id, p_bet, null, v_bet_tx,
            wallet_fingerprint('bet', s.player_id, p_round_id, p_bet, null), v_bet_response, p_now,
            v_bonus_id, v_bet_bonus, v_wagered),
           (s.provider, p_win_transaction_id, 'win', s.player_id, p_round_id, p_win, null, v_win_tx,
            wallet_fingerprint('win', s.player_id, p_round_id, p_win, null), v_win_response, p_now,
            case when p_win > 0 and v_bet_bonus > 0 then v_bonus_id end, v_win_bonus, 0);
  return jsonb_build_array(
    wallet_round_result(v_bet_response, true, s.player_id, s.currency, s.provider, s.game, s.mode, p_bet,
                        p_round_id, v_after_bet),
    wallet_round_result(v_win_response, p_win > 0, s.player_id, s.currency, s.provider, s.game, s.mode, p_win,
                        p_round_id, v_after_win));
end $$;
