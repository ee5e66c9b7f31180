-- Finds the session, locks the player's accounts, and answers a repeat of the transaction id: the session (and
-- player) fields, plus `response` when the id was seen (a different request with that id: TRANSACTION_MISMATCH).
create or replace function wallet_open(
  p_kind text, p_token text, p_transaction_id text, p_round_id text, p_amount bigint, p_reference text
) returns jsonb language plpgsql as $$
declare
  s record;
  v_existing record;
begin
  select w.player_id, w.provider, w.game, w.mode, w.expires_at, p.currency, p.status into s
    from wallet_sessions w join players_summary_v p on p.id = w.player_id where w.token = p_token;
  if s.player_id is null then
    perform wallet_raise('SESSION_NOT_FOUND');
  end if;
  perform ledger_lock_players(array[s.player_id]);
  select t.fingerprint, t.response into v_existing
    from wallet_transactions t where t.provider = s.provider and t.transaction_id = p_transaction_id;
  if v_existing.fingerprint is not null
     and v_existing.fingerprint <> wallet_fingerprint(p_kind, s.player_id, p_round_id, p_amount, p_reference) then
    perform wallet_raise('TRANSACTION_MISMATCH');
  end if;
  return jsonb_build_object(
    'player_id', s.player_id, 'provider', s.provider, 'game', s.game, 'mode', s.mode,
    'expires_at', s.expires_at, 'currency', s.currency, 'status', s.status, 'response', v_existing.response);
end $$;
