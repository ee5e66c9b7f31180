-- A win or rollback in one statement (its own transaction when called alone): wallet_open, then wallet_apply
-- unless the transaction id was seen (then { response, replayed }).
create or replace function wallet_call(
  p_kind text, p_token text, p_transaction_id text, p_round_id text, p_amount bigint, p_reference text,
  p_now timestamptz, p_session_expires_at timestamptz, p_close boolean
) returns jsonb language plpgsql as $$
declare
  v_open jsonb;
begin
  v_open := wallet_open(p_kind, p_token, p_transaction_id, p_round_id, p_amount, p_reference);
  if v_open -> 'response' <> 'null'::jsonb then
    return jsonb_build_object('response', v_open -> 'response', 'replayed', true);
  end if;
  return wallet_apply(p_kind, p_token, p_transaction_id, p_round_id, p_amount, p_reference, p_now,
    p_session_expires_at, p_close);
end $$;
