-- A call's stored answer as wallet_apply makes it: what the session's mode can stake (main + the casino bonus, or
-- fun money). `p_balances` has the player's balances by account kind.
create or replace function wallet_round_response(p_transaction_id text, p_balances jsonb, p_mode text, p_currency text)
returns jsonb language sql stable as $$
  select jsonb_build_object(
    'transaction_id', p_transaction_id,
    'balance', round((case when p_mode = 'demo' then coalesce((p_balances ->> 'fun')::bigint, 0)
                           else coalesce((p_balances ->> 'main')::bigint, 0)
                                + coalesce((p_balances ->> 'bonus')::bigint, 0) end)::numeric / 100, 2),
    'currency', p_currency, 'mode', p_mode)
$$;
