-- A whole round as two movements: wallet_apply('bet') then wallet_apply('win'), their results as a JSON array. It is
-- what wallet_round answers and writes, and where wallet_round sends anything unusual.
create or replace function wallet_round_in_two_calls(
  p_token text, p_round_id text, p_bet_transaction_id text, p_bet bigint, p_win_transaction_id text, p_win bigint,
  p_now timestamptz, p_session_expires_at timestamptz
) returns jsonb language plpgsql as $$
declare
  v_bet jsonb;
  v_win jsonb;
begin
  v_bet := wallet_apply('bet', p_token, p_bet_transaction_id, p_round_id, p_bet, null, p_now, p_session_expires_at,
                        false);
  v_win := wallet_apply('win', p_token, p_win_transaction_id, p_round_id, p_win, null, p_now, p_session_expires_at,
                        true);
  return jsonb_build_array(v_bet, v_win);
end $$;
