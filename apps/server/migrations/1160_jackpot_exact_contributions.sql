-- Jackpot contributions to a ten-thousandth of a cent (issue 36; docs/decisions/050).
--
-- Until now a stake's share of a tier was rounded down to whole cents per stake (amount × bp / 10000), so at normal
-- stakes a tier did not grow at all: 0.5 % of 1.00 is half a cent, and forty 1.00 spins left the mini tier at its
-- seed. A share is now kept exactly, as amount × bp in ten-thousandths of a cent (e4: the unit in which every share
-- is whole). Each pool part carries the e4 that have not made a whole cent yet (`carry`, 0 to 9999); a
-- contribution adds its shares to its part's carry, and the whole cents that makes move on the ledger
-- (house:games → house:jackpot:<tier>), in the same statement. So, always and per tier:
--   Σ shares (e4) = 10000 × Σ contribution entries (cents) + Σ carry of its parts,
-- and the pool a player sees (jackpot_pool_exact) grows with every eligible stake. The ledger still moves whole cents
-- only; a drop pays the whole cents on the ledger (jackpot_pool) and the carry stays for the next cycle.
--
-- A contribution that completes no whole cent writes no ledger transaction (a transaction has two entries or more,
-- none of them 0), so its ledger key is taken only when cents move. The fingerprint under that key is of the exact
-- shares, since the cents they move depend on what the part carried. A stake handed over again finds its key taken
-- and changes nothing, as before, when its first time moved a cent; the pipeline hands a stake over once (ADR 039).
--
-- The cost of a bet stays as it was: the batch path's ledger posting and pool upsert were two statements and are now
-- one (jackpot_contribute); the stake-by-stake path's were two as well, the check for drops included, and are one.

create domain jackpot_carry as bigint check (value >= 0 and value < 10000);
alter table jackpot_pool_parts add column carry jackpot_carry not null default 0;

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): jackpot_pool_exact,
-- jackpot_contribute, jackpot_apply_each, jackpot_apply.
