-- Jackpot eligibility per game (modules/competitions, docs/decisions/027): the back-office switches a game off for a
-- jackpot without naming every other game. `excluded_games` never feed the jackpot, whatever its games and kinds.
alter table jackpots add column excluded_games text[] not null default '{}';

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): jackpot_apply.
