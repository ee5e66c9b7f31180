-- A player changed or deleted: every instance drops what it cached of the player's sessions (NOTIFY
-- session_player_changed, the player's id).
create or replace function notify_player_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('session_player_changed', old.id::text);
  return null;
end $$;

create or replace trigger players_session_player_changed after update or delete on players
  for each row execute function notify_player_changed();
