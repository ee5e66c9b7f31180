-- A win or a rollback moves money on the account of the round it belongs to: the round's mode (demo: fun, real:
-- main) and game, whatever session the provider sends it with (a rollback through a real session returned a demo
-- stake to the main account before, turning play money into real money). A bet on a round of the other mode is
-- ROUND_MISMATCH. The answer's balance stays the session's. Otherwise wallet_apply of 0215, unchanged.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): wallet_apply.
