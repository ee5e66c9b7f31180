-- The points accounts follow their entries once per statement instead of once per row (0550's trigger): a
-- sportsbook settlement batch inserts up to 1,000 entries in one statement, often for one player, and updating the
-- same account row once per entry cost ~90 % of that statement. The sum per player is applied at the end of the
-- statement, when the row trigger's updates also ended; nothing in the statement could read them in between.

drop trigger if exists loyalty_point_entries_apply on loyalty_point_entries;
drop function if exists loyalty_apply_entry();

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): loyalty_apply_entries.
