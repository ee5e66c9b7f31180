-- The pool of a tier now (whole cents, as its ledger account holds them): the sum of its parts (jackpot_pool_parts),
-- which every contribution and seed adds to; jackpot_pool_exact adds the parts' carry below a cent.
create or replace function jackpot_pool(p_tier bigint) returns bigint language plpgsql stable as $$
begin
  return (select coalesce(sum(amount), 0)::bigint from jackpot_pool_parts where tier_id = p_tier);
end $$;
