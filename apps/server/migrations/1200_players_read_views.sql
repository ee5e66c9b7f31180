-- The players module's read for other modules (issue 37: a module reads only its own tables): who a player is to
-- the rest of the house (names shown, currency and country a rule may ask about, the character picked at sign-up).
-- A plain view over one table: the planner folds it into the query that reads it, so a join costs what it did.
create view players_summary_v as
  select id, login, fakename, currency, country_code, character_id
    from players;
