-- The bonus queue (issue 36): a player's waiting bonuses of a type stand in line behind the active one, and when
-- the active bonus ends (wagered, expired, removed by the player or an operator) the first of the line starts by
-- itself. A new grant joins the end of the line; a bonus paused (bonuses.deactivate, or another activated in its
-- place) goes to its front, so it is the next to start. Ending a bonus without starting the next (a withdrawal's
-- forfeit, the active bonus given up for another the player activates) goes through bonus_end(…, false).

create sequence player_bonuses_queue_seq;
alter table player_bonuses add column queue_key bigint;
update player_bonuses set queue_key = id;
select setval('player_bonuses_queue_seq', greatest(coalesce((select max(id) from player_bonuses), 0), 1));
-- The line: ascending; grants take the next positive key, a paused bonus the next negative one (before them all).
alter table player_bonuses
  alter column queue_key set default nextval('player_bonuses_queue_seq'),
  alter column queue_key set not null;
create index player_bonuses_queue on player_bonuses (player_id, type, queue_key) where status = 'available';

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): bonus_next, bonus_end, bonus_finish,
-- bonus_pause.
