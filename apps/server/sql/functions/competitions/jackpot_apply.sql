-- The bet pipeline's jackpot consequence (competitions/jackpot-contribution.ts) for a batch of stakes: each eligible
-- real stake feeds every tier of every active jackpot it is eligible for, with exact shares (e4, ten-thousandths
-- of a cent) summed per tier for the whole batch and posted through jackpot_contribute. A batch that holds anything
-- but bets, or that could take a tier to its drop point (the pool as read plus the most whole cents its shares can
-- make with a part's carry), goes through jackpot_apply_each. Answers the number of ledger movements it made.
create or replace function jackpot_apply(p_events jsonb) returns int language plpgsql as $$
declare
  v_row record;
  v_changes int := 0;
  v_jackpots bigint[];
  v_tiers bigint[];
  v_players bigint[];
  v_providers text[];
  v_transactions text[];
  v_ats timestamptz[];
  v_shares bigint[];
  v_key text;
  v_meta jsonb;
begin
  if exists (select 1 from jsonb_to_recordset(p_events) as e(kind text) where e.kind is distinct from 'bet') then
    return jackpot_apply_each(p_events);
  end if;
  -- jackpot_apply_each's eligibility, share by share.
  select array_agg(j.id), array_agg(t.id), array_agg(e.player_id), array_agg(e.provider), array_agg(e.transaction_id),
         array_agg(e.at), array_agg(e.amount * t.contribution_bp)
    into v_jackpots, v_tiers, v_players, v_providers, v_transactions, v_ats, v_shares
    from jsonb_to_recordset(p_events) as e(kind text, player_id bigint, provider text, game text,
           game_kind text, transaction_id text, amount bigint, at timestamptz)
    join players p on p.id = e.player_id
    join jackpots j on j.state = 'active' and j.currency = p.currency and e.amount >= greatest(j.min_bet, 1)
         and (cardinality(j.games) = 0 or e.game = any (j.games))
         and (cardinality(j.game_kinds) = 0 or e.game_kind = any (j.game_kinds))
         and not (e.game = any (j.excluded_games))
    join jackpot_tiers t on t.jackpot_id = j.id;
  if v_jackpots is null then
    return 0;
  end if;
  -- A batch could take a tier to its drop point when the pool as read plus the most whole cents its shares can
  -- make with a part's carry (at most 9999 e4) reaches the point: then stake by stake.
  if exists (
    select 1
      from (select s.tier_id, sum(s.share) as share from unnest(v_tiers, v_shares) as s(tier_id, share)
             group by s.tier_id) x
      join jackpot_cycles c on c.tier_id = x.tier_id and c.status = 'current'
     where jackpot_pool(x.tier_id) + (x.share + 9999) / 10000 >= c.drop_at) then
    return jackpot_apply_each(p_events);
  end if;

  for v_row in
    with s as (
      select * from unnest(v_jackpots, v_tiers, v_players, v_providers, v_transactions, v_ats, v_shares)
        as s(jackpot_id, tier_id, player_id, provider, transaction_id, at, share))
    select x.jackpot_id,
           array_agg('house:jackpot:' || x.tier_id order by x.tier_id) as codes,
           array_agg(x.share order by x.tier_id) as shares,
           array_agg(x.tier_id order by x.tier_id) as tiers,
           k.n, k.player_ids, k.providers, k.transaction_ids, k.at
      from (select s.jackpot_id, s.tier_id, sum(s.share)::bigint as share from s group by s.jackpot_id, s.tier_id) x
      join (select d.jackpot_id, count(*) as n,
                   array_agg(d.player_id order by d.provider, d.transaction_id) as player_ids,
                   array_agg(d.provider order by d.provider, d.transaction_id) as providers,
                   array_agg(d.transaction_id order by d.provider, d.transaction_id) as transaction_ids,
                   max(d.at) as at
              from (select distinct s.jackpot_id, s.player_id, s.provider, s.transaction_id, s.at from s) d
             group by d.jackpot_id) k on k.jackpot_id = x.jackpot_id
     group by x.jackpot_id, k.n, k.player_ids, k.providers, k.transaction_ids, k.at
     order by x.jackpot_id
  loop
    if v_row.n = 1 then
      v_key := 'jackpot:' || v_row.jackpot_id || ':bet:' || v_row.providers[1] || ':' || v_row.transaction_ids[1];
      v_meta := jsonb_build_object('player_id', v_row.player_ids[1], 'transaction_id', v_row.transaction_ids[1]);
    else
      v_key := 'jackpot:' || v_row.jackpot_id || ':bets:'
               || md5(array_to_string(array(select p || ':' || x
                                               from unnest(v_row.providers, v_row.transaction_ids) as u(p, x)), ','));
      v_meta := jsonb_build_object('stakes', v_row.n, 'player_ids', to_jsonb(v_row.player_ids),
                                   'transaction_ids', to_jsonb(v_row.transaction_ids));
    end if;
    if jackpot_contribute(v_key, v_row.jackpot_id, v_meta, v_row.at, v_row.tiers, v_row.codes, v_row.shares) then
      v_changes := v_changes + 1;
    end if;
  end loop;
  return v_changes;
end $$;
