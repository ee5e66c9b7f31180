-- The bet pipeline's jackpot consequence (competitions/jackpot-contribution.ts) for a batch of stakes: each eligible
-- real stake feeds every tier of every active jackpot it is eligible for, with exact shares (e4, ten-thousandths
-- of a cent) summed per tier for the whole batch, one ledger transaction per jackpot under the key and with the
-- content jackpot_contribute gives it (docs/decisions/039, 050). A batch that holds anything but bets, or that could
-- take a tier to its drop point (the pool as read plus the most whole cents its shares can make with a part's
-- carry), goes through jackpot_apply_each. Answers the number of jackpots it changed (or of ledger movements, stake
-- by stake).
--
-- Two statements in the common case (docs/decisions/056): this one reads the batch (its shares, whether it goes
-- stake by stake, each jackpot's key, meta and fingerprint), jackpot_contribute_many's writes it (every jackpot's
-- parts, then their ledger transactions and entries through ledger_post_many: docs/decisions/059).
create or replace function jackpot_apply(p_events jsonb) returns int language plpgsql as $$
declare
  v_each boolean;
  -- Per jackpot and tier, in that order: the batch's shares (e4).
  v_jackpots bigint[];
  v_tiers bigint[];
  v_shares bigint[];
  -- Per jackpot: its ledger transaction's key, meta, time and fingerprint.
  v_keyed bigint[];
  v_keys text[];
  v_metas jsonb[];
  v_ats timestamptz[];
  v_fingerprints text[];
begin
  with e as materialized (
    select e.* from jsonb_to_recordset(p_events) as e(kind text, player_id bigint, provider text, game text,
           game_kind text, transaction_id text, amount bigint, at timestamptz)
  ), s as (
    -- jackpot_apply_each's eligibility, share by share.
    select j.id as jackpot_id, t.id as tier_id, e.player_id, e.provider, e.transaction_id, e.at,
           e.amount * t.contribution_bp as share
      from e
      join players_summary_v p on p.id = e.player_id
      join jackpots j on j.state = 'active' and j.currency = p.currency and e.amount >= greatest(j.min_bet, 1)
           and (cardinality(j.games) = 0 or e.game = any (j.games))
           and (cardinality(j.game_kinds) = 0 or e.game_kind = any (j.game_kinds))
           and not (e.game = any (j.excluded_games))
      join jackpot_tiers t on t.jackpot_id = j.id
  ), x as (
    select s.jackpot_id, s.tier_id, sum(s.share)::bigint as share from s group by s.jackpot_id, s.tier_id
  ), k as (
    -- Each jackpot's stakes, by provider and transaction id: its key and meta (ADR 039).
    select d.jackpot_id, count(*) as n,
           array_agg(d.player_id order by d.provider, d.transaction_id) as player_ids,
           array_agg(d.provider || ':' || d.transaction_id order by d.provider, d.transaction_id) as stakes,
           array_agg(d.transaction_id order by d.provider, d.transaction_id) as transaction_ids,
           max(d.at) as at
      from (select distinct s.jackpot_id, s.player_id, s.provider, s.transaction_id, s.at from s) d
     group by d.jackpot_id
  ), f as (
    select x.jackpot_id,
           ledger_fingerprint('jackpot.contribution',
             array['house:games'] || array_agg('house:jackpot:' || x.tier_id order by x.tier_id),
             array[-sum(x.share)::bigint] || array_agg(x.share order by x.tier_id)) as fingerprint
      from x group by x.jackpot_id
  )
  select (select bool_or(e.kind is distinct from 'bet') from e)
           or exists (select 1 from x join jackpot_cycles c on c.tier_id = x.tier_id and c.status = 'current'
                       where (select coalesce(sum(p.amount), 0) from jackpot_pool_parts p where p.tier_id = x.tier_id)
                             + (x.share + 9999) / 10000 >= c.drop_at),
         (select array_agg(x.jackpot_id order by x.jackpot_id, x.tier_id) from x),
         (select array_agg(x.tier_id order by x.jackpot_id, x.tier_id) from x),
         (select array_agg(x.share order by x.jackpot_id, x.tier_id) from x),
         (select array_agg(k.jackpot_id order by k.jackpot_id) from k),
         (select array_agg(case when k.n = 1
                                then 'jackpot:' || k.jackpot_id || ':bet:' || k.stakes[1]
                                else 'jackpot:' || k.jackpot_id || ':bets:' || md5(array_to_string(k.stakes, ','))
                           end order by k.jackpot_id) from k),
         (select array_agg(case when k.n = 1
                                then jsonb_build_object('player_id', k.player_ids[1],
                                                        'transaction_id', k.transaction_ids[1])
                                else jsonb_build_object('stakes', k.n, 'player_ids', to_jsonb(k.player_ids),
                                                        'transaction_ids', to_jsonb(k.transaction_ids))
                           end order by k.jackpot_id) from k),
         (select array_agg(k.at order by k.jackpot_id) from k),
         (select array_agg(f.fingerprint order by f.jackpot_id) from f)
    into v_each, v_jackpots, v_tiers, v_shares, v_keyed, v_keys, v_metas, v_ats, v_fingerprints;
  if v_each then
    return jackpot_apply_each(p_events);
  end if;
  if v_jackpots is null then
    return 0;
  end if;
  -- A tier's pool account is made by its first seed; one that has none yet is made by ledger_post_many.
  return jackpot_contribute_many(v_keyed, v_keys, v_metas, v_ats, v_fingerprints, v_jackpots, v_tiers,
                                 array(select 'house:jackpot:' || t from unnest(v_tiers) t), v_shares);
end $$;
