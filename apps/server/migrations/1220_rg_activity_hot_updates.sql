-- rg_activity's update without an index to rewrite (issue 37; docs/decisions/056).
--
-- A signed-in player's requests extend their current stretch of activity (modules/responsible-gaming/activity.ts:
-- `last_seen_at`, at most once in 15 s a player). The only index besides the key was (player_id, last_seen_at), so
-- every extension wrote a new index entry: never a HOT update, and the dead entries piled up in the index between
-- vacuums. A stretch starts after the previous one ended (a new one starts only when the latest was last seen more
-- than the idle gap ago), so by player the stretches are in the same order by `started_at`, which no update
-- changes: the readers (the latest stretch; the stretches that end after an instant) find them by it.
drop index rg_activity_player;
create index rg_activity_player_started on rg_activity (player_id, started_at);
-- Room on each page for the row's new version, so that the extension stays on the page (a HOT update).
alter table rg_activity set (fillfactor = 80);
