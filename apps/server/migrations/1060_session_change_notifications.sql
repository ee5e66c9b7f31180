-- Each server instance keeps the sessions it resolved, with their player's row, in memory (platform/session.ts;
-- issue 11; docs/decisions/043). A change to a player's row or to a session tells every instance at commit, on
-- the channel `session_player_changed`, with the player's id.
-- Sessions notify only for what a resolved session depends on. A session's last_seen_at moves once a minute
-- per session and changes nothing a request reads, so it does not notify.

create function notify_player_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_player_changed', old.id::text);
  return null;
end $$;

create function notify_session_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_player_changed', old.player_id::text);
  return null;
end $$;

create trigger players_session_player_changed after update or delete on players
  for each row execute function notify_player_changed();

create trigger sessions_session_player_changed after delete or update of token_hash, player_id, expires_at
  on sessions for each row execute function notify_session_changed();
