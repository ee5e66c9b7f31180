-- The players module's read grows the player's status (issue 37, ADR 057): the wallet's session lookups answer it
-- (a blocked player's bets are refused), and read it here instead of from players. A column added at the end; the
-- view stays a plain view over one table, which the planner folds into the statement that reads it.
create or replace view players_summary_v as
  select id, login, fakename, currency, country_code, character_id, status
    from players;
