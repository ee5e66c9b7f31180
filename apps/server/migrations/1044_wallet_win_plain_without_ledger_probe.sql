-- wallet_win_plain no longer probes the ledger for each row's idempotency key (ADR 036). A ledger transaction with
-- the key 'wallet:<provider>:<transaction id>' is only ever posted together with the wallet record of that id, in
-- one database transaction (wallet_apply, wallet_win_run), and wallet records are never deleted: a posted key is
-- always a seen id, which the wallet record probe already sends through wallet_call.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): wallet_win_plain.
