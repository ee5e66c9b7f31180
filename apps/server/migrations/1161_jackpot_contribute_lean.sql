-- jackpot_contribute of 1160 as cheap as the posting it replaced (issue 36; docs/decisions/050).
--
-- Measured in one backend (its own CPU time from /proc, a commit after each call, 3 tiers, 6,000 calls a run, the
-- runs interleaved): the posting of 1051 (ledger transaction and entries, then jackpot_pool_add) ~0.30 ms a call;
-- jackpot_contribute of 1160 ~0.35-0.50 ms; this one ~0.32 ms. Two things of 1160 cost what they were not worth:
-- - the probe for the ledger key before the parts' upsert: a stake is handed over once (ADR 039). Now the upsert
--   runs first, and a key found taken by the ledger's insert takes the shares back out again (the arithmetic is
--   exact both ways), so a stake handed over again still changes nothing when its first time moved a whole cent;
--   one whose shares moved none either time is carried twice (less than a cent a tier, from house:games);
-- - the search for cycles at their drop point inside the statement, which a batch that cannot drop (the common
--   case) prepared for nothing: jackpot_apply_each, the only caller that can drop a pool, asks after the call.

drop function if exists jackpot_contribute(text, bigint, jsonb, timestamptz, bigint[], text[], bigint[], boolean);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): jackpot_contribute,
-- jackpot_apply_each, jackpot_apply.
