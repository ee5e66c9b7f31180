-- Contributions of several stakes to jackpots' tiers, each in its stake's own ledger transaction (docs/decisions/050,
-- 056, 070). Per stake (`p_stakes`: the idempotency key of the stake's ledger transaction, the bet's or the
-- rollback's, in the order the carry runs through them); per share (`p_share_stakes`: its stake's position,
-- `p_tiers` its tier, `p_codes` the tier's pool account, `p_shares` in e4, negative for a rollback; a stake's shares
-- in ascending tier order). A stake whose transaction already carries contribution lines (ledger_lines_present) is
-- left out: nothing of it moves. The others' shares are added to this connection's part of each tier (one
-- statement), and the whole cents they make are appended to each stake's transaction as 'jackpot.contribution'
-- lines (house:games to the pools, ledger_append_many): a stake's cents on a tier are those the tier's running
-- carry crosses with its share, so a share below a cent is carried, never dropped, and a tier's lines sum to the
-- cents its part moved. Answers the number of stakes that contributed.
create or replace function jackpot_contribute_many(
  p_stakes text[], p_share_stakes int[], p_tiers bigint[], p_codes text[], p_shares bigint[]
) returns int language plpgsql as $$
declare
  v_part int := (pg_backend_pid() % 16)::int;
  v_present boolean[] := ledger_lines_present(p_stakes, 'jackpot.contribution');
  -- The stakes whose shares moved whole cents (their keys) and their lines: the stake (position in v_keys), the
  -- account's code, the cents.
  v_keys text[];
  v_entry_txs int[];
  v_codes text[];
  v_cents bigint[];
begin
  -- `rest`: a tier's total e4 beyond its whole cents (0 to 9999, a rollback's too). The upsert adds the total to
  -- the part: its cents to the amount, its rest to the carry, and a cent more when the carry passes 10000. The
  -- carry before it is the carry after less the rest (mod 10000). A share's cents: floor((before + the shares up
  -- to it) / 10000) less floor((before + the shares before it) / 10000), the stakes in order. The parts are taken
  -- in tier order (the lock order of 1031: the player's accounts, the parts, the cycle). A stake's lines: the
  -- house's first, then its tiers', none of 0.
  with shares as (
    select u.stake, u.tier_id, u.code, u.share, u.n
      from unnest(p_share_stakes, p_tiers, p_codes, p_shares) with ordinality as u(stake, tier_id, code, share, n)
     where not v_present[u.stake]),
  totals as (
    select s.tier_id, sum(s.share)::bigint as share, (sum(s.share)::bigint % 10000 + 10000) % 10000 as rest
      from shares s group by s.tier_id),
  added as (
    insert into jackpot_pool_parts as x (tier_id, part, amount, carry)
      select t.tier_id, v_part, (t.share - t.rest) / 10000, t.rest from totals t order by t.tier_id
    on conflict (tier_id, part) do update
      set amount = x.amount + excluded.amount + (x.carry + excluded.carry) / 10000,
          carry = (x.carry + excluded.carry) % 10000
    returning x.tier_id, x.carry),
  running as (
    select s.stake, s.tier_id, s.code, s.share,
           ((a.carry - t.rest) % 10000 + 10000) % 10000
             + sum(s.share) over (partition by s.tier_id order by s.stake, s.n) as upto
      from shares s join added a on a.tier_id = s.tier_id join totals t on t.tier_id = s.tier_id),
  moved as (
    select r.stake, r.tier_id, r.code,
           ((r.upto - (r.upto % 10000 + 10000) % 10000) / 10000
            - ((r.upto - r.share) - ((r.upto - r.share) % 10000 + 10000) % 10000) / 10000)::bigint as cents
      from running r),
  j as (
    select m.stake, row_number() over (order by m.stake)::int as tx, -sum(m.cents)::bigint as house
      from moved m where m.cents <> 0 group by m.stake),
  e as (
    select j.tx, 0::bigint as n, 'house:games' as code, j.house as cents from j where j.house <> 0
    union all
    select j.tx, m.tier_id, m.code, m.cents from moved m join j on j.stake = m.stake where m.cents <> 0)
  select (select array_agg(p_stakes[j.stake] order by j.tx) from j),
         (select array_agg(e.tx order by e.tx, e.n) from e), (select array_agg(e.code order by e.tx, e.n) from e),
         (select array_agg(e.cents order by e.tx, e.n) from e)
    into v_keys, v_entry_txs, v_codes, v_cents;
  if v_keys is not null then
    perform ledger_append_many(v_keys, 'jackpot.contribution', v_entry_txs, v_codes, v_cents);
  end if;
  return (select count(*) from unnest(v_present) p where not p)::int;
end $$;
