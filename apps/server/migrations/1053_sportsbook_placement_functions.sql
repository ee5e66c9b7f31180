-- Placement's two statements of its own as functions (issue 15; docs/decisions/040).
--
-- Placement sends the book's read with wallet_open and the bets' insert with the stake, each in one simple-protocol
-- round trip (docs/decisions/031), so their values were inlined as literals and PostgreSQL parsed and planned both
-- statements on every bet: pg_stat_statements put the planning at about 300 µs for the read and 120 µs for the
-- insert, against 50 µs and 140 µs of execution. Inside a function each statement's plan is kept by the backend;
-- what travels is the function's call with two json literals, planned in microseconds. The rows and answers are
-- the same as the statements' were.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): sb_book, sb_bets_insert.
