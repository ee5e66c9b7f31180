-- The two fingerprints of 0201/0211 as PL/pgSQL, same text byte for byte. As SQL functions they were not inlined
-- (ledger_fingerprint has a sub-select; both are called with PL/pgSQL variables), so PostgreSQL parsed and
-- planned their bodies again on every call: ~15 % of the database time of a wallet bet and win. PL/pgSQL keeps
-- the plan for the life of the connection.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): ledger_fingerprint,
-- wallet_fingerprint.
