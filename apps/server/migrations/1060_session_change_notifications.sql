-- Each server instance keeps the sessions it resolved, with their player's row, in memory (platform/session.ts;
-- issue 11; docs/decisions/043). A change to a player's row or to a session tells every instance at commit, on
-- the channel `session_player_changed`, with the player's id.
-- Sessions notify only for what a resolved session depends on. A session's last_seen_at moves once a minute
-- per session and changes nothing a request reads, so it does not notify.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): notify_player_changed,
-- notify_session_changed.
