-- One contribution to a jackpot's tiers: `p_shares` in e4 (negative for a rollback), one per tier of `p_tiers`
-- (ascending; `p_codes` their pool accounts). Adds the shares to this connection's part of each tier and posts the
-- whole cents that makes under `p_key` (jackpot_contribute_many, for this one jackpot). Answers false when the key
-- was taken (nothing changes; a key taken with other shares is refused, LD002, as ledger_post refuses it).
create or replace function jackpot_contribute(
  p_key text, p_jackpot bigint, p_meta jsonb, p_at timestamptz, p_tiers bigint[], p_codes text[], p_shares bigint[]
) returns boolean language plpgsql as $$
declare
  v_total bigint := 0;
  v_share bigint;
begin
  foreach v_share in array p_shares loop
    v_total := v_total + v_share;
  end loop;
  return jackpot_contribute_many(
    array[p_jackpot], array[p_key], array[p_meta], array[p_at],
    array[ledger_fingerprint('jackpot.contribution', array['house:games'] || p_codes, array[-v_total] || p_shares)],
    array_fill(p_jackpot, array[cardinality(p_tiers)]), p_tiers, p_codes, p_shares) = 1;
end $$;
