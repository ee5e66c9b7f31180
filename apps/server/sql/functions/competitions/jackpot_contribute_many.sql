-- Contributions to several jackpots' tiers at once (docs/decisions/050, 056, 059). Per tier (`p_tier_jackpots`,
-- `p_tiers` ascending, `p_codes` their pool accounts): the shares in e4 (negative for a rollback). Per jackpot
-- (`p_jackpots`): the key, meta, time and fingerprint of its ledger transaction. Adds the shares to this connection's
-- part of each tier (one statement), then posts, for each jackpot whose shares made whole cents, those cents under
-- its key (house:games to the pools) through ledger_post_many, one call for the batch. A key found taken changes
-- nothing: the shares are taken back out, and other content under the key is refused (LD002, by the ledger).
-- Answers the number of jackpots it changed (those whose key was free, or whose shares made no whole cent).
create or replace function jackpot_contribute_many(
  p_jackpots bigint[], p_keys text[], p_metas jsonb[], p_ats timestamptz[], p_fingerprints text[],
  p_tier_jackpots bigint[], p_tiers bigint[], p_codes text[], p_shares bigint[]
) returns int language plpgsql as $$
declare
  v_part int := (pg_backend_pid() % 16)::int;
  -- The jackpots whose shares moved whole cents, ascending: their ledger transactions and whether they were posted.
  v_moving bigint[];
  v_keys text[];
  v_metas jsonb[];
  v_ats timestamptz[];
  v_fingerprints text[];
  v_posted boolean[];
  -- Their entries: the transaction (position in v_moving), the account's code, the cents.
  v_entry_txs int[];
  v_codes text[];
  v_cents bigint[];
  v_taken bigint;
  v_changes int := cardinality(p_jackpots);
begin
  -- `rest`: a share's e4 beyond its whole cents (0 to 9999, a rollback's too). The upsert adds the share to the
  -- part: its cents to the amount, its rest to the carry, and a cent more when the carry passes 10000. The cents a
  -- tier moved are the share's whole cents, plus the one the carry made when it is now below the rest it took.
  -- The parts are taken in tier order (the lock order of 1031: the player's accounts, the parts, the cycle). A
  -- transaction's entries: the house's leg first, then its tiers' (the order ledger_post writes), none of 0.
  with shares as (
    select u.jackpot_id, u.tier_id, u.code, u.share, (u.share % 10000 + 10000) % 10000 as rest
      from unnest(p_tier_jackpots, p_tiers, p_codes, p_shares) as u(jackpot_id, tier_id, code, share)),
  added as (
    insert into jackpot_pool_parts as x (tier_id, part, amount, carry)
      select s.tier_id, v_part, (s.share - s.rest) / 10000, s.rest from shares s order by s.tier_id
    on conflict (tier_id, part) do update
      set amount = x.amount + excluded.amount + (x.carry + excluded.carry) / 10000,
          carry = (x.carry + excluded.carry) % 10000
    returning x.tier_id, x.carry),
  moved as (
    select s.jackpot_id, s.tier_id, s.code,
           (s.share - s.rest) / 10000 + case when a.carry < s.rest then 1 else 0 end as cents
      from added a join shares s on s.tier_id = a.tier_id),
  j as (
    select m.jackpot_id, row_number() over (order by m.jackpot_id)::int as tx,
           array_position(p_jackpots, m.jackpot_id) as k, -sum(m.cents)::bigint as house
      from moved m where m.cents <> 0 group by m.jackpot_id),
  e as (
    select j.tx, 0::bigint as n, 'house:games' as code, j.house as cents from j where j.house <> 0
    union all
    select j.tx, m.tier_id, m.code, m.cents from moved m join j on j.jackpot_id = m.jackpot_id where m.cents <> 0)
  select (select array_agg(j.jackpot_id order by j.tx) from j), (select array_agg(p_keys[j.k] order by j.tx) from j),
         (select array_agg(p_metas[j.k] order by j.tx) from j), (select array_agg(p_ats[j.k] order by j.tx) from j),
         (select array_agg(p_fingerprints[j.k] order by j.tx) from j),
         (select array_agg(e.tx order by e.tx, e.n) from e), (select array_agg(e.code order by e.tx, e.n) from e),
         (select array_agg(e.cents order by e.tx, e.n) from e)
    into v_moving, v_keys, v_metas, v_ats, v_fingerprints, v_entry_txs, v_codes, v_cents;
  if v_moving is null then
    return v_changes;
  end if;

  select l.o_posted into v_posted
    from ledger_post_many(v_keys, array_fill('jackpot.contribution'::text, array[cardinality(v_moving)]),
                          v_moving::text[], v_metas, v_ats, v_fingerprints, v_entry_txs, v_codes, v_cents, false) as l;

  for v_taken in select m from unnest(v_moving, v_posted) as u(m, posted) where not u.posted loop
    v_changes := v_changes - 1;
    insert into jackpot_pool_parts as x (tier_id, part, amount, carry)
      select u.t, v_part, (-u.s - (-u.s % 10000 + 10000) % 10000) / 10000, (-u.s % 10000 + 10000) % 10000
        from unnest(p_tier_jackpots, p_tiers, p_shares) as u(j, t, s) where u.j = v_taken order by u.t
    on conflict (tier_id, part) do update
      set amount = x.amount + excluded.amount + (x.carry + excluded.carry) / 10000,
          carry = (x.carry + excluded.carry) % 10000;
  end loop;
  return v_changes;
end $$;
