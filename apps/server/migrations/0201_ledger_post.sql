-- The ledger's posting in one round trip (modules/ledger/post-transaction.ts calls these). The rules are those of
-- 0200: player accounts are locked in id order before anything is read, an idempotency key moves money once (a
-- retry with the same content gets the first entries, other content is refused), no player balance goes below
-- zero (checked here, and by the CHECK constraint as the last line), entries sum to zero (the deferred trigger).
-- Inside a plpgsql function each statement takes a fresh snapshot (READ COMMITTED), so everything read after the
-- lock statement sees what the previous holder of the lock committed.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): ledger_lock_players,
-- ledger_fingerprint, ledger_post.
