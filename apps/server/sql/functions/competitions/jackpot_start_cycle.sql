-- Makes the tier's next pending cycle current, seeding the pool back to the tier's seed (from the house), added to
-- the part p_part. Answers false when a cycle is current already or none is pending.
create or replace function jackpot_start_cycle(p_tier bigint, p_at timestamptz, p_part int default 0) returns boolean
language plpgsql as $$
declare
  v_cycle bigint;
  v_seed bigint;
  v_replayed boolean;
begin
  if exists (select 1 from jackpot_cycles where tier_id = p_tier and status = 'current') then
    return false;
  end if;
  select id into v_cycle from jackpot_cycles where tier_id = p_tier and status = 'pending' order by id limit 1
    for update skip locked;
  if v_cycle is null then
    return false;
  end if;
  select seed into v_seed from jackpot_tiers where id = p_tier;
  select o_replayed into v_replayed from ledger_post('jackpot-seed:' || v_cycle, 'jackpot.seed', p_tier::text,
    jsonb_build_object('tier_id', p_tier, 'cycle_id', v_cycle), p_at,
    array['house:jackpot_funding', 'house:jackpot:' || p_tier], array[-v_seed, v_seed]) limit 1;
  if not v_replayed then
    perform jackpot_pool_add(array[p_tier], array[v_seed], p_part);
  end if;
  update jackpot_cycles set status = 'current', started_at = p_at where id = v_cycle;
  return true;
end $$;
