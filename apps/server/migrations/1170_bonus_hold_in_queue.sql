-- A held bonus and the bonus queue (issue 36; docs/decisions/053). A pending withdrawal's hold keeps the bonus in
-- the place of the active one: nothing starts by itself while it waits (052). When the hold ends, the queue does
-- what it does for any ending or pause: the held bonus forfeited by the payout, expired (by the job, or found
-- expired at a cancel) or removed by the player starts the next waiting bonus when none of its type is active; a
-- bonus that comes back while another of its type is active waits at the front of the line, as a paused one does.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): bonus_end, bonus_release,
-- bonus_forfeit_held.
