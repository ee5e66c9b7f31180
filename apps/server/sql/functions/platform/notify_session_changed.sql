-- A session deleted, or its token, player or expiry changed: every instance drops what it cached of the player's
-- sessions (NOTIFY session_player_changed, the player's id).
create or replace function notify_session_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_player_changed', old.player_id::text);
  return null;
end $$;

create or replace trigger sessions_session_player_changed after delete or update of token_hash, player_id, expires_at
  on sessions for each row execute function notify_session_changed();
