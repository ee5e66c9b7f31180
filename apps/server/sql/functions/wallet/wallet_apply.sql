-- Moves the money of a bet, win or rollback whose repeat check passed (wallet_open, under the player's lock):
-- round records, the bonus's stake and wagering (bonus_stake, bonus_wager), the ledger posting, the stored answer.
-- Answers { response, balances, moved }.
create or replace function wallet_apply(
  p_kind text, p_token text, p_transaction_id text, p_round_id text, p_amount bigint, p_reference text,
  p_now timestamptz, p_session_expires_at timestamptz, p_close boolean
) returns jsonb language plpgsql as $$
declare
  s record;
  r record;
  t record;
  v_player_code text;
  v_house_code text;
  v_to_player boolean;
  v_moved bigint := 0;
  v_ledger bigint;
  v_main bigint;
  v_bonus bigint;
  v_betting_bonus bigint;
  v_fun bigint;
  v_response jsonb;
  v_round text := p_round_id;
  v_mode text;
  v_game text;
  v_stake record;
  v_bonus_id bigint;
  v_bonus_code text;
  v_from_bonus bigint := 0;
  v_wagered bigint := 0;
  v_codes text[];
  v_amounts bigint[];
  v_sign bigint;
begin
  select w.player_id, w.provider, w.game, w.mode, p.currency into s
    from wallet_sessions w join players_summary_v p on p.id = w.player_id where w.token = p_token;
  if s.player_id is null then
    perform wallet_raise('SESSION_NOT_FOUND');
  end if;
  v_mode := s.mode;
  v_game := s.game;

  if p_kind = 'bet' then
    if exists (select 1 from wallet_rollback_marks m
                where m.provider = s.provider and m.transaction_id = p_transaction_id) then
      perform wallet_raise('TRANSACTION_ROLLED_BACK', 'this bet was rolled back before it arrived');
    end if;
    select g.player_id, g.status, g.mode into r from game_rounds g
     where g.provider = s.provider and g.round_id = p_round_id for update;
    if r.player_id is not null and (r.player_id <> s.player_id or r.mode <> s.mode) then
      perform wallet_raise('ROUND_MISMATCH');
    end if;
    if r.player_id is not null and r.status <> 'open' then
      perform wallet_raise('ROUND_CLOSED');
    end if;
    if r.player_id is null then
      insert into game_rounds (provider, round_id, player_id, game, mode, created_at, updated_at)
        values (s.provider, p_round_id, s.player_id, s.game, s.mode, p_now, p_now);
    end if;
    v_moved := p_amount;
    v_to_player := false;
  elsif p_kind = 'win' then
    select g.player_id, g.status, g.mode, g.game, g.bet_total, g.bonus_id, g.bonus_bet_total into r
      from game_rounds g where g.provider = s.provider and g.round_id = p_round_id for update;
    if r.player_id is not null and r.player_id <> s.player_id then
      perform wallet_raise('ROUND_MISMATCH');
    end if;
    if r.player_id is not null then
      v_mode := r.mode;
      v_game := r.game;
    end if;
    if r.status = 'rolled_back' then
      perform wallet_raise('ROUND_CLOSED', 'the round was rolled back');
    end if;
    if r.player_id is null then
      insert into game_rounds (provider, round_id, player_id, game, mode, created_at, updated_at)
        values (s.provider, p_round_id, s.player_id, s.game, s.mode, p_now, p_now);
    end if;
    v_moved := p_amount;
    v_to_player := true;
  elsif p_kind = 'rollback' then
    if coalesce(p_reference, '') = '' then
      perform wallet_raise('BAD_REQUEST', 'reference_transaction_id is required');
    end if;
    select x.type, x.player_id, x.status, x.amount, x.round_id, x.bonus_id, x.bonus_amount, x.bonus_wagered into t
      from wallet_transactions x
     where x.provider = s.provider and x.transaction_id = p_reference for update;
    v_round := coalesce(t.round_id, p_round_id);
    if t.player_id is not null then
      select g.mode, g.game into r from game_rounds g where g.provider = s.provider and g.round_id = t.round_id;
      v_mode := coalesce(r.mode, v_mode);
      v_game := coalesce(r.game, v_game);
    end if;
    if t.player_id is null then
      insert into wallet_rollback_marks (provider, transaction_id, rollback_transaction_id, player_id, created_at)
        values (s.provider, p_reference, p_transaction_id, s.player_id, p_now)
        on conflict do nothing;
    else
      if t.player_id <> s.player_id then
        perform wallet_raise('BAD_REQUEST', 'not this player''s bet');
      end if;
      if t.type <> 'bet' then
        perform wallet_raise('BAD_REQUEST', 'only a bet can be rolled back');
      end if;
      if t.status <> 'rolled_back' then
        v_moved := t.amount;
        v_to_player := true;
      end if;
    end if;
  else
    perform wallet_raise('BAD_REQUEST', 'unknown wallet operation');
  end if;

  v_player_code := 'player:' || s.player_id || ':' || case when v_mode = 'demo' then 'fun' else 'main' end;
  v_house_code := case when v_mode = 'demo' then 'house:fun' else 'house:games' end;
  if v_moved > 0 then
    if v_mode = 'real' then
      if p_kind = 'bet' then
        select * into v_stake from bonus_stake(s.player_id, v_game, v_moved);
        v_bonus_id := v_stake.o_bonus_id;
        v_bonus_code := v_stake.o_account;
        v_from_bonus := v_stake.o_from_bonus;
        v_wagered := v_stake.o_wagered;
      elsif p_kind = 'win' then
        -- A round the win opened has no stakes: nothing of it is bonus money.
        if coalesce(r.bonus_bet_total, 0) > 0 and r.bet_total > 0 then
          v_bonus_id := r.bonus_id;
          v_from_bonus := v_moved - v_moved * (r.bet_total - r.bonus_bet_total) / r.bet_total;
        end if;
      else
        v_bonus_id := t.bonus_id;
        v_from_bonus := t.bonus_amount;
      end if;
      if v_bonus_code is null and v_from_bonus > 0 then
        select bonus_account(s.player_id, b.type) into v_bonus_code from bonuses_player_terms_v b where b.id = v_bonus_id;
      end if;
    end if;
    v_sign := case when v_to_player then 1 else -1 end;
    v_codes := array[v_house_code];
    v_amounts := array[-v_sign * v_moved];
    if v_moved > v_from_bonus then
      v_codes := v_player_code || v_codes;
      v_amounts := (v_sign * (v_moved - v_from_bonus)) || v_amounts;
    end if;
    if v_from_bonus > 0 then
      v_codes := v_codes || v_bonus_code;
      v_amounts := v_amounts || (v_sign * v_from_bonus);
    end if;
    select o_transaction_id into v_ledger from ledger_post(
      'wallet:' || s.provider || ':' || p_transaction_id, 'game.' || p_kind, s.provider || ':' || p_transaction_id,
      jsonb_build_object('game', v_game, 'mode', v_mode), p_now, v_codes, v_amounts) limit 1;
    if v_bonus_id is not null then
      if p_kind = 'bet' then
        perform bonus_wager(v_bonus_id, v_wagered, p_now);
      else
        if p_kind = 'rollback' then
          perform bonus_unwager(v_bonus_id, t.bonus_wagered, p_now);
        end if;
        perform bonus_late_share(v_bonus_id, v_from_bonus, s.provider || ':' || p_transaction_id, p_now);
      end if;
    end if;
  end if;

  if p_kind = 'bet' then
    update game_rounds set bet_total = bet_total + p_amount, bonus_bet_total = bonus_bet_total + v_from_bonus,
           bonus_id = case when v_from_bonus > 0 then v_bonus_id else coalesce(bonus_id, v_bonus_id) end,
           updated_at = p_now
     where provider = s.provider and round_id = p_round_id;
    update wallet_sessions set expires_at = p_session_expires_at where token = p_token;
  elsif p_kind = 'win' then
    update game_rounds set win_total = win_total + p_amount, updated_at = p_now,
           status = case when p_close then 'closed' else status end
     where provider = s.provider and round_id = p_round_id;
  elsif t.player_id is not null and t.status <> 'rolled_back' then
    update wallet_transactions set status = 'rolled_back'
     where provider = s.provider and transaction_id = p_reference;
    update game_rounds set bet_total = bet_total - v_moved,
           bonus_bet_total = greatest(0, bonus_bet_total - coalesce(t.bonus_amount, 0)), updated_at = p_now,
           status = case when bet_total - v_moved = 0 and win_total = 0 then 'rolled_back' else status end
     where provider = s.provider and round_id = t.round_id;
  end if;

  select coalesce(max(a.balance) filter (where a.kind = 'main'), 0),
         coalesce(max(a.balance) filter (where a.kind = 'bonus'), 0),
         coalesce(max(a.balance) filter (where a.kind = 'betting_bonus'), 0),
         coalesce(max(a.balance) filter (where a.kind = 'fun'), 0)
    into v_main, v_bonus, v_betting_bonus, v_fun
    from ledger_player_balances_v a where a.player_id = s.player_id;
  v_response := jsonb_build_object(
    'transaction_id', p_transaction_id,
    'balance', round((case when s.mode = 'demo' then v_fun else v_main + v_bonus end)::numeric / 100, 2),
    'currency', s.currency, 'mode', s.mode);
  insert into wallet_transactions (provider, transaction_id, type, player_id, round_id, amount,
      reference_transaction_id, ledger_transaction_id, fingerprint, response, created_at,
      bonus_id, bonus_amount, bonus_wagered)
    values (s.provider, p_transaction_id, p_kind, s.player_id, p_round_id, p_amount, p_reference, v_ledger,
      wallet_fingerprint(p_kind, s.player_id, p_round_id, p_amount, p_reference), v_response, p_now,
      v_bonus_id, v_from_bonus, v_wagered);
  return jsonb_build_object(
    'response', v_response, 'moved', v_ledger is not null, 'player_id', s.player_id, 'currency', s.currency,
    'provider', s.provider, 'game', v_game, 'mode', v_mode, 'amount', v_moved::text,
    'round_id', v_round,
    'balances', jsonb_build_object('main', v_main::text, 'bonus', v_bonus::text,
      'betting_bonus', v_betting_bonus::text, 'fun', v_fun::text));
end $$;
