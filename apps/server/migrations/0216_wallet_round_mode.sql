-- A win or a rollback moves money on the account of the round it belongs to: the round's mode (demo: fun, real:
-- main) and game, whatever session the provider sends it with (a rollback through a real session returned a demo
-- stake to the main account before, turning play money into real money). A bet on a round of the other mode is
-- ROUND_MISMATCH. The answer's balance stays the session's. Otherwise wallet_apply of 0215, unchanged.

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
begin
  select w.player_id, w.provider, w.game, w.mode, p.currency into s
    from wallet_sessions w join players p on p.id = w.player_id where w.token = p_token;
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
    select g.player_id, g.status, g.mode, g.game into r from game_rounds g
     where g.provider = s.provider and g.round_id = p_round_id for update;
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
    select x.type, x.player_id, x.status, x.amount, x.round_id into t from wallet_transactions x
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
    select o_transaction_id into v_ledger from ledger_post(
      'wallet:' || s.provider || ':' || p_transaction_id, 'game.' || p_kind, s.provider || ':' || p_transaction_id,
      jsonb_build_object('game', v_game, 'mode', v_mode), p_now,
      array[v_player_code, v_house_code],
      case when v_to_player then array[v_moved, -v_moved] else array[-v_moved, v_moved] end) limit 1;
  end if;

  if p_kind = 'bet' then
    update game_rounds set bet_total = bet_total + p_amount, updated_at = p_now
     where provider = s.provider and round_id = p_round_id;
    update wallet_sessions set expires_at = p_session_expires_at where token = p_token;
  elsif p_kind = 'win' then
    update game_rounds set win_total = win_total + p_amount, updated_at = p_now,
           status = case when p_close then 'closed' else status end
     where provider = s.provider and round_id = p_round_id;
  elsif t.player_id is not null and t.status <> 'rolled_back' then
    update wallet_transactions set status = 'rolled_back'
     where provider = s.provider and transaction_id = p_reference;
    update game_rounds set bet_total = bet_total - v_moved, updated_at = p_now,
           status = case when bet_total - v_moved = 0 and win_total = 0 then 'rolled_back' else status end
     where provider = s.provider and round_id = t.round_id;
  end if;

  select coalesce(max(a.balance) filter (where a.kind = 'main'), 0),
         coalesce(max(a.balance) filter (where a.kind = 'bonus'), 0),
         coalesce(max(a.balance) filter (where a.kind = 'betting_bonus'), 0),
         coalesce(max(a.balance) filter (where a.kind = 'fun'), 0)
    into v_main, v_bonus, v_betting_bonus, v_fun
    from ledger_accounts a where a.player_id = s.player_id;
  v_response := jsonb_build_object(
    'transaction_id', p_transaction_id,
    'balance', round((case when s.mode = 'demo' then v_fun else v_main end)::numeric / 100, 2),
    'currency', s.currency, 'mode', s.mode);
  insert into wallet_transactions (provider, transaction_id, type, player_id, round_id, amount,
      reference_transaction_id, ledger_transaction_id, fingerprint, response, created_at)
    values (s.provider, p_transaction_id, p_kind, s.player_id, p_round_id, p_amount, p_reference, v_ledger,
      wallet_fingerprint(p_kind, s.player_id, p_round_id, p_amount, p_reference), v_response, p_now);
  return jsonb_build_object(
    'response', v_response, 'moved', v_ledger is not null, 'player_id', s.player_id, 'currency', s.currency,
    'provider', s.provider, 'game', v_game, 'mode', v_mode, 'amount', v_moved::text,
    'round_id', v_round,
    'balances', jsonb_build_object('main', v_main::text, 'bonus', v_bonus::text,
      'betting_bonus', v_betting_bonus::text, 'fun', v_fun::text));
end $$;
