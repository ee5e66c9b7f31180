-- A call's result as wallet_apply answers it; `p_balances` has the player's balances by account kind.
create or replace function wallet_round_result(
  p_response jsonb, p_moved boolean, p_player_id bigint, p_currency text, p_provider text, p_game text, p_mode text,
  p_amount bigint, p_round_id text, p_balances jsonb
) returns jsonb language sql stable as $$
  select jsonb_build_object(
    'response', p_response, 'moved', p_moved, 'player_id', p_player_id, 'currency', p_currency,
    'provider', p_provider, 'game', p_game, 'mode', p_mode, 'amount', p_amount::text, 'round_id', p_round_id,
    'balances', jsonb_build_object('main', coalesce(p_balances ->> 'main', '0'),
      'bonus', coalesce(p_balances ->> 'bonus', '0'), 'betting_bonus', coalesce(p_balances ->> 'betting_bonus', '0'),
      'fun', coalesce(p_balances ->> 'fun', '0')))
$$;
