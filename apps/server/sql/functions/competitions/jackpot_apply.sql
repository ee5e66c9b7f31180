-- The bet pipeline's jackpot consequence (competitions/jackpot-contribution.ts) for a batch of stakes: each eligible
-- real stake feeds every tier of every active jackpot it is eligible for, with exact shares (e4, ten-thousandths
-- of a cent), and the whole cents they make join the stake's own ledger transaction as contribution lines
-- (jackpot_contribute_many; docs/decisions/050, 070). A batch that holds anything but bets, or that could take a
-- tier to its drop point (the pool as read plus the most whole cents its shares can make with a part's carry), goes
-- through jackpot_apply_each. Answers the number of stakes that contributed (or of ledger movements, stake by stake).
--
-- Two statements in the common case (docs/decisions/056): this one reads the batch (its shares, its stakes'
-- transactions, whether it goes stake by stake), jackpot_contribute_many's writes it.
create or replace function jackpot_apply(p_events jsonb) returns int language plpgsql as $$
declare
  v_each boolean;
  -- Per stake, by provider and transaction id: the key of its ledger transaction.
  v_stakes text[];
  -- Per share, by stake then tier: the stake's position, the tier, the share (e4).
  v_share_stakes int[];
  v_tiers bigint[];
  v_shares bigint[];
begin
  with e as materialized (
    select e.* from jsonb_to_recordset(p_events) as e(kind text, player_id bigint, provider text, game text,
           game_kind text, transaction_id text, amount bigint, at timestamptz)
  ), s as (
    -- jackpot_apply_each's eligibility, share by share.
    select j.id as jackpot_id, t.id as tier_id, e.provider, e.transaction_id, e.amount * t.contribution_bp as share
      from e
      join players_summary_v p on p.id = e.player_id
      join jackpots j on j.state = 'active' and j.currency = p.currency and e.amount >= greatest(j.min_bet, 1)
           and (cardinality(j.games) = 0 or e.game = any (j.games))
           and (cardinality(j.game_kinds) = 0 or e.game_kind = any (j.game_kinds))
           and not (e.game = any (j.excluded_games))
      join jackpot_tiers t on t.jackpot_id = j.id
  ), k as (
    select d.provider, d.transaction_id, row_number() over (order by d.provider, d.transaction_id)::int as stake
      from (select distinct s.provider, s.transaction_id from s) d
  ), x as (
    select s.tier_id, sum(s.share)::bigint as share from s group by s.tier_id
  )
  select (select bool_or(e.kind is distinct from 'bet') from e)
           or exists (select 1 from x join jackpot_cycles c on c.tier_id = x.tier_id and c.status = 'current'
                       where (select coalesce(sum(p.amount), 0) from jackpot_pool_parts p where p.tier_id = x.tier_id)
                             + (x.share + 9999) / 10000 >= c.drop_at),
         (select array_agg('wallet:' || k.provider || ':' || k.transaction_id order by k.stake) from k),
         (select array_agg(k.stake order by k.stake, s.tier_id)
            from s join k on k.provider = s.provider and k.transaction_id = s.transaction_id),
         (select array_agg(s.tier_id order by k.stake, s.tier_id)
            from s join k on k.provider = s.provider and k.transaction_id = s.transaction_id),
         (select array_agg(s.share order by k.stake, s.tier_id)
            from s join k on k.provider = s.provider and k.transaction_id = s.transaction_id)
    into v_each, v_stakes, v_share_stakes, v_tiers, v_shares;
  if v_each then
    return jackpot_apply_each(p_events);
  end if;
  if v_stakes is null then
    return 0;
  end if;
  -- A tier's pool account is made by its first seed; one that has none yet is made by ledger_append_many.
  return jackpot_contribute_many(v_stakes, v_share_stakes, v_tiers,
                                 array(select 'house:jackpot:' || t from unnest(v_tiers) t), v_shares);
end $$;
