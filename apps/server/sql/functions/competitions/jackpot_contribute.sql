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
  v_codes text[] := array['house:games'] || p_codes;
  v_accounts bigint[];
begin
  foreach v_share in array p_shares loop
    v_total := v_total + v_share;
  end loop;
  select array_agg(a.id order by u.n) into v_accounts
    from unnest(v_codes) with ordinality as u(code, n) left join ledger_accounts a on a.code = u.code;
  if array_position(v_accounts, null) is not null then
    -- A tier's pool account is made by its first seed; one that has none yet is made here, as ledger_post makes a
    -- missing house account.
    insert into ledger_accounts (code, kind) select c, c from unnest(v_codes) as c on conflict do nothing;
    select array_agg(a.id order by u.n) into v_accounts
      from unnest(v_codes) with ordinality as u(code, n) join ledger_accounts a on a.code = u.code;
  end if;
  return jackpot_contribute_many(
    array[p_jackpot], array[p_key], array[p_meta], array[p_at],
    array[ledger_fingerprint('jackpot.contribution', v_codes, array[-v_total] || p_shares)], v_accounts[1],
    array_fill(p_jackpot, array[cardinality(p_tiers)]), p_tiers, v_accounts[2:], p_shares) = 1;
end $$;
