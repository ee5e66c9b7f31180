-- A tier's pool in e4 (ten-thousandths of a cent): the ledger's whole cents and the parts' carry.
create or replace function jackpot_pool_exact(p_tier bigint) returns bigint language plpgsql stable as $$
begin
  return (select coalesce(sum(amount), 0)::bigint * 10000 + coalesce(sum(carry), 0)::bigint
            from jackpot_pool_parts where tier_id = p_tier);
end $$;
