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
  -- Per tier that moved whole cents, by jackpot then tier: the jackpot, the pool's code, the cents.
  v_m_jackpots bigint[];
  v_m_codes text[];
  v_m_cents bigint[];
  -- The jackpots that moved cents, ascending, and whether their ledger transaction was posted.
  v_moving bigint[];
  v_posted boolean[];
  v_taken bigint;
  v_changes int := cardinality(p_jackpots);
begin
  -- `rest`: a share's e4 beyond its whole cents (0 to 9999, a rollback's too). The upsert adds the share to the
  -- part: its cents to the amount, its rest to the carry, and a cent more when the carry passes 10000. The cents a
  -- tier moved are the share's whole cents, plus the one the carry made when it is now below the rest it took.
  -- The parts are taken in tier order (the lock order of 1031: the player's accounts, the parts, the cycle).
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
      from added a join shares s on s.tier_id = a.tier_id)
  select array_agg(m.jackpot_id order by m.jackpot_id, m.tier_id), array_agg(m.code order by m.jackpot_id, m.tier_id),
         array_agg(m.cents order by m.jackpot_id, m.tier_id)
    into v_m_jackpots, v_m_codes, v_m_cents
    from moved m where m.cents <> 0;
  if v_m_jackpots is null then
    return v_changes;
  end if;

  -- A transaction's entries: the house's leg first, then its tiers' (the order ledger_post writes), none of 0.
  select array_agg(distinct j order by j) into v_moving from unnest(v_m_jackpots) as j;
  with e as (
    select array_position(v_moving, j.jackpot_id) as tx, 0 as n, 'house:games' as code, -sum(m.cents)::bigint as cents
      from unnest(v_moving) as j(jackpot_id)
      join unnest(v_m_jackpots, v_m_cents) as m(jackpot_id, cents) on m.jackpot_id = j.jackpot_id
     group by j.jackpot_id
    union all
    select array_position(v_moving, m.jackpot_id), m.n::int, m.code, m.cents
      from unnest(v_m_jackpots, v_m_codes, v_m_cents) with ordinality as m(jackpot_id, code, cents, n)
  )
  select array_agg(l.o_posted order by l.o_n) into v_posted
    from ledger_post_many(
      (select array_agg(p_keys[array_position(p_jackpots, j)] order by j) from unnest(v_moving) j),
      (select array_agg('jackpot.contribution'::text) from unnest(v_moving) j),
      (select array_agg(j::text order by j) from unnest(v_moving) j),
      (select array_agg(p_metas[array_position(p_jackpots, j)] order by j) from unnest(v_moving) j),
      (select array_agg(p_ats[array_position(p_jackpots, j)] order by j) from unnest(v_moving) j),
      (select array_agg(p_fingerprints[array_position(p_jackpots, j)] order by j) from unnest(v_moving) j),
      (select array_agg(e.tx order by e.tx, e.n) from e where e.cents <> 0),
      (select array_agg(e.code order by e.tx, e.n) from e where e.cents <> 0),
      (select array_agg(e.cents order by e.tx, e.n) from e where e.cents <> 0),
      false) as l;

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
