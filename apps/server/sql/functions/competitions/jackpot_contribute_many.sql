-- Contributions to several jackpots' tiers at once, as one statement (docs/decisions/050, 056). Per tier
-- (`p_tier_jackpots`, `p_tiers` ascending, `p_accounts` their pool accounts): the shares in e4 (negative for a
-- rollback). Per jackpot (`p_jackpots`): the key, meta, time and fingerprint of its ledger transaction. Adds the
-- shares to this connection's part of each tier and posts, for each jackpot whose shares made whole cents, those
-- cents under its key (house:games, `p_house`, to the pools). A key found taken changes nothing: the shares are
-- taken back out, and other content under the key is refused (LD002, as ledger_post refuses it). Answers the
-- number of jackpots it changed (those whose key was free, or whose shares made no whole cent).
create or replace function jackpot_contribute_many(
  p_jackpots bigint[], p_keys text[], p_metas jsonb[], p_ats timestamptz[], p_fingerprints text[], p_house bigint,
  p_tier_jackpots bigint[], p_tiers bigint[], p_accounts bigint[], p_shares bigint[]
) returns int language plpgsql as $$
declare
  v_part int := (pg_backend_pid() % 16)::int;
  v_moving bigint[];
  v_posted bigint[];
  v_taken bigint;
  v_key text;
  v_changes int := cardinality(p_jackpots);
begin
  -- `rest`: a share's e4 beyond its whole cents (0 to 9999, a rollback's too). The upsert adds the share to the
  -- part: its cents to the amount, its rest to the carry, and a cent more when the carry passes 10000. The cents a
  -- tier moved are the share's whole cents, plus the one the carry made when it is now below the rest it took.
  -- The parts are taken in tier order (the lock order of 1031: the player's accounts, the parts, the cycle). A
  -- transaction's entries: the house's leg first, then its tiers' (the order ledger_post writes), none of 0.
  with shares as (
    select u.jackpot_id, u.tier_id, u.account_id, u.share, (u.share % 10000 + 10000) % 10000 as rest
      from unnest(p_tier_jackpots, p_tiers, p_accounts, p_shares) as u(jackpot_id, tier_id, account_id, share)),
  added as (
    insert into jackpot_pool_parts as x (tier_id, part, amount, carry)
      select s.tier_id, v_part, (s.share - s.rest) / 10000, s.rest from shares s order by s.tier_id
    on conflict (tier_id, part) do update
      set amount = x.amount + excluded.amount + (x.carry + excluded.carry) / 10000,
          carry = (x.carry + excluded.carry) % 10000
    returning x.tier_id, x.carry),
  moved as (
    select s.jackpot_id, s.tier_id, s.account_id,
           (s.share - s.rest) / 10000 + case when a.carry < s.rest then 1 else 0 end as cents
      from added a join shares s on s.tier_id = a.tier_id),
  moving as (
    select distinct m.jackpot_id from moved m where m.cents <> 0),
  posted as (
    insert into ledger_transactions (idempotency_key, kind, reference, fingerprint, meta, created_at)
      select u.key, 'jackpot.contribution', u.jackpot_id::text, u.fingerprint, u.meta, coalesce(u.at, now())
        from unnest(p_jackpots, p_keys, p_fingerprints, p_metas, p_ats) as u(jackpot_id, key, fingerprint, meta, at)
       where u.jackpot_id in (select jackpot_id from moving)
       order by u.jackpot_id
      on conflict (idempotency_key) do nothing
      returning id, reference::bigint as jackpot_id),
  entries as (
    insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select p.id, l.account_id, l.cents, null
        from posted p
        cross join lateral (
          select 0::bigint as n, p_house as account_id, -sum(m.cents)::bigint as cents
            from moved m where m.jackpot_id = p.jackpot_id
          union all
          select m.tier_id, m.account_id, m.cents from moved m where m.jackpot_id = p.jackpot_id) l
       where l.cents <> 0
       order by p.jackpot_id, l.n
      returning 1)
  select (select array_agg(jackpot_id) from moving), (select array_agg(jackpot_id) from posted)
    into v_moving, v_posted;

  for v_taken in select m from unnest(v_moving) m where not m = any (coalesce(v_posted, '{}')) loop
    v_changes := v_changes - 1;
    insert into jackpot_pool_parts as x (tier_id, part, amount, carry)
      select u.t, v_part, (-u.s - (-u.s % 10000 + 10000) % 10000) / 10000, (-u.s % 10000 + 10000) % 10000
        from unnest(p_tier_jackpots, p_tiers, p_shares) as u(j, t, s) where u.j = v_taken order by u.t
    on conflict (tier_id, part) do update
      set amount = x.amount + excluded.amount + (x.carry + excluded.carry) / 10000,
          carry = (x.carry + excluded.carry) % 10000;
    v_key := p_keys[array_position(p_jackpots, v_taken)];
    if (select t.fingerprint from ledger_transactions t where t.idempotency_key = v_key)
       is distinct from p_fingerprints[array_position(p_jackpots, v_taken)] then
      raise exception using errcode = 'LD002', message = 'idempotency key reused with different content',
        detail = v_key;
    end if;
  end loop;
  return v_changes;
end $$;
