-- The bet pipeline (modules/bets): wallet_apply also answers what a consequence of the movement needs — the
-- provider, the game, the mode, the amount that moved (a rollback: the stake returned, 0 when its bet was never
-- seen) and the round (a rollback: its bet's). Otherwise the function of 0211, unchanged.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): wallet_apply.
