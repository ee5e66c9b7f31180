-- Adds to the tiers' pools (p_tiers in ascending order, one amount each) in one part.
create or replace function jackpot_pool_add(p_tiers bigint[], p_amounts bigint[], p_part int) returns void
language plpgsql as $$
begin
  insert into jackpot_pool_parts as x (tier_id, part, amount)
    select t, p_part, a from unnest(p_tiers, p_amounts) as u(t, a) order by t
  on conflict (tier_id, part) do update set amount = x.amount + excluded.amount;
end $$;
