-- One stake's contribution to its jackpots' tiers (jackpot_contribute_many for one stake): `p_stake` the key of the
-- stake's ledger transaction, `p_shares` in e4 (negative for a rollback), one per tier of `p_tiers` (ascending;
-- `p_codes` their pool accounts). Answers false when the stake's transaction already carries its contribution
-- (nothing changes).
create or replace function jackpot_contribute(p_stake text, p_tiers bigint[], p_codes text[], p_shares bigint[])
returns boolean language sql as $$
  select jackpot_contribute_many(array[p_stake], array_fill(1, array[cardinality(p_tiers)]), p_tiers, p_codes,
                                 p_shares) = 1;
$$;
