-- The sportsbook on the Unified Odds Feed (issue 38, part 2): an event's match clock and period as the feed's
-- sport_event_status last gave them, and the event a bet_cancel said replaces it.
--   clock: { match_time, stoppage_time, remaining_time, remaining_time_in_period, stopped, match_status, at }
--   (`at`: when the feed reported it, so a running clock can be carried forward); null before kick-off.
alter table sb_events add column clock jsonb;
alter table sb_events add column replaced_by text;
