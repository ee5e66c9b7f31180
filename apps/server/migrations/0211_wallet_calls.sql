-- The seamless wallet's bet, win and rollback in the database (modules/wallet/wallet-service.ts calls these), so
-- one provider call costs one round trip (a bet: the responsible-gaming guard runs in TypeScript between
-- wallet_open and wallet_apply, inside one transaction). Errors: WA000 with the wallet error code as message and
-- the text for the provider as detail; LD001 (insufficient funds) from ledger_post.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): wallet_fingerprint, wallet_raise,
-- wallet_open, wallet_apply, wallet_call.
