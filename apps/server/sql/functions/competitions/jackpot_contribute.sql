-- One contribution to a jackpot's tiers: `p_shares` in e4 (negative for a rollback), one per tier of `p_tiers`
-- (ascending; `p_codes` their pool accounts). Adds the shares to this connection's part of each tier and posts the
-- whole cents that makes under `p_key`, in one statement. Answers false when the key was taken (nothing changes; a
-- key taken with other shares is refused, LD002, as ledger_post refuses it).
create or replace function jackpot_contribute(
  p_key text, p_jackpot bigint, p_meta jsonb, p_at timestamptz, p_tiers bigint[], p_codes text[], p_shares bigint[]
) returns boolean language plpgsql as $$
declare
  v_part int := (pg_backend_pid() % 16)::int;
  v_total bigint := 0;
  v_share bigint;
  v_codes text[] := array['house:games'] || p_codes;
  v_fingerprint text;
  v_accounts bigint[];
  v_moves boolean;
  v_posted int;
begin
  foreach v_share in array p_shares loop
    v_total := v_total + v_share;
  end loop;
  v_fingerprint := ledger_fingerprint('jackpot.contribution', v_codes, array[-v_total] || p_shares);
  select array_agg(a.id order by u.n) into v_accounts
    from unnest(v_codes) with ordinality as u(code, n) left join ledger_accounts a on a.code = u.code;
  if array_position(v_accounts, null) is not null then
    -- A tier's pool account is made by its first seed; one that has none yet is made here, as ledger_post makes a
    -- missing house account.
    insert into ledger_accounts (code, kind) select c, c from unnest(v_codes) as c on conflict do nothing;
    select array_agg(a.id order by u.n) into v_accounts
      from unnest(v_codes) with ordinality as u(code, n) join ledger_accounts a on a.code = u.code;
  end if;
  -- `rest`: a share's e4 beyond its whole cents (0 to 9999, a rollback's too). The upsert adds the share to the
  -- part: its cents to the amount, its rest to the carry, and a cent more when the carry passes 10000. The cents a
  -- tier moved are the share's whole cents, plus the one the carry made when it is now below the rest it took.
  -- The parts are taken in tier order (the lock order of 1031: the player's accounts, the parts, the cycle).
  with shares as (
    select u.tier_id, u.share, u.n + 1 as n, (u.share % 10000 + 10000) % 10000 as rest
      from unnest(p_tiers, p_shares) with ordinality as u(tier_id, share, n)),
  added as (
    insert into jackpot_pool_parts as x (tier_id, part, amount, carry)
      select s.tier_id, v_part, (s.share - s.rest) / 10000, s.rest from shares s order by s.tier_id
    on conflict (tier_id, part) do update
      set amount = x.amount + excluded.amount + (x.carry + excluded.carry) / 10000,
          carry = (x.carry + excluded.carry) % 10000
    returning x.tier_id, x.carry),
  moved as (
    select s.n, (s.share - s.rest) / 10000 + case when a.carry < s.rest then 1 else 0 end as cents
      from added a join shares s on s.tier_id = a.tier_id),
  posted as (
    insert into ledger_transactions (idempotency_key, kind, reference, fingerprint, meta, created_at)
      select p_key, 'jackpot.contribution', p_jackpot::text, v_fingerprint, p_meta, coalesce(p_at, now())
       where exists (select 1 from moved m where m.cents <> 0)
      on conflict (idempotency_key) do nothing
      returning id),
  entries as (
    -- The house's leg first, then the tiers' (the order ledger_post writes), none of 0.
    insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select posted.id, v_accounts[l.n], l.cents, null
        from posted cross join (select 1 as n, -sum(m.cents)::bigint as cents from moved m
                                union all select m.n, m.cents from moved m) l
       where l.cents <> 0
       order by l.n
      returning 1)
  select exists (select 1 from moved m where m.cents <> 0), (select count(*) from posted)
    into v_moves, v_posted;
  if not v_moves or v_posted > 0 then
    return true;
  end if;
  -- The key was taken: take the shares back out, and refuse other content under it.
  insert into jackpot_pool_parts as x (tier_id, part, amount, carry)
    select u.t, v_part, (-u.s - (-u.s % 10000 + 10000) % 10000) / 10000, (-u.s % 10000 + 10000) % 10000
      from unnest(p_tiers, p_shares) as u(t, s) order by u.t
  on conflict (tier_id, part) do update
    set amount = x.amount + excluded.amount + (x.carry + excluded.carry) / 10000,
        carry = (x.carry + excluded.carry) % 10000;
  if (select t.fingerprint from ledger_transactions t where t.idempotency_key = p_key)
     is distinct from v_fingerprint then
    raise exception using errcode = 'LD002', message = 'idempotency key reused with different content',
      detail = p_key;
  end if;
  return false;
end $$;
