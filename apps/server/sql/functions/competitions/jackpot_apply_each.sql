-- jackpot_apply stake by stake: every eligible stake (or rollback, which takes its share back) feeds every tier of
-- every jackpot it is eligible for through jackpot_contribute, in its own ledger transaction (docs/decisions/070),
-- in the batch's order; a bet that took a tier to its drop point pays the whole pool to its player (the cycle row is
-- locked: one winner), then the tier's next cycle starts at the seed. The lock order is the player's accounts, then
-- the parts in tier order, then the cycle. Answers the number of ledger movements it made (a stake's contribution
-- to all its jackpots counts once).
create or replace function jackpot_apply_each(p_events jsonb) returns int language plpgsql as $$
declare
  v_row record;
  v_changes int := 0;
  v_cycle record;
  v_pool bigint;
  v_paid bigint;
  v_part int := (pg_backend_pid() % 16)::int;
  v_crossed bigint[];
begin
  for v_row in
    select e.kind, e.player_id, e.provider, e.game, e.transaction_id, e.at,
           array_agg('house:jackpot:' || t.id order by t.id) as codes,
           array_agg(case e.kind when 'bet' then 1 else -1 end * e.amount * t.contribution_bp order by t.id)
             as shares,
           array_agg(t.id order by t.id) as tiers
      from rows from (jsonb_to_recordset(p_events) as (kind text, player_id bigint, provider text, game text,
             game_kind text, transaction_id text, amount bigint, at timestamptz))
             with ordinality as e(kind, player_id, provider, game, game_kind, transaction_id, amount, at, n)
      join players_summary_v p on p.id = e.player_id
      join jackpots j on j.state = 'active' and j.currency = p.currency and e.amount >= greatest(j.min_bet, 1)
           and (cardinality(j.games) = 0 or e.game = any (j.games))
           and (cardinality(j.game_kinds) = 0 or e.game_kind = any (j.game_kinds))
           and not (e.game = any (j.excluded_games))
      join jackpot_tiers t on t.jackpot_id = j.id
     group by e.kind, e.player_id, e.provider, e.game, e.transaction_id, e.at
     order by min(e.n)
  loop
    if not jackpot_contribute('wallet:' || v_row.provider || ':' || v_row.transaction_id, v_row.tiers, v_row.codes,
                              v_row.shares) then
      continue;
    end if;
    v_changes := v_changes + 1;
    if v_row.kind <> 'bet' then
      continue;
    end if;
    select coalesce(array_agg(c.id order by c.tier_id), '{}') into v_crossed
      from jackpot_cycles c
     where c.tier_id = any (v_row.tiers) and c.status = 'current'
       and (select coalesce(sum(p.amount), 0) from jackpot_pool_parts p where p.tier_id = c.tier_id) >= c.drop_at;
    foreach v_paid in array v_crossed loop
      -- Lock the cycle: of two stakes crossing the drop point at once, one wins, the other sees it dropped.
      update jackpot_cycles set status = 'dropped', dropped_at = v_row.at
       where id = v_paid and status = 'current' returning id, tier_id into v_cycle;
      if not found then
        continue;
      end if;
      v_pool := jackpot_pool(v_cycle.tier_id);
      insert into jackpot_winners (cycle_id, tier_id, player_id, amount, game, provider, transaction_id,
                                   ledger_transaction_id, won_at)
        select v_cycle.id, v_cycle.tier_id, v_row.player_id, v_pool, v_row.game, v_row.provider,
               v_row.transaction_id, l.o_transaction_id, v_row.at
          from ledger_post('jackpot-win:' || v_cycle.id, 'jackpot.payout', v_cycle.tier_id::text,
                 jsonb_build_object('tier_id', v_cycle.tier_id, 'cycle_id', v_cycle.id), v_row.at,
                 array['house:jackpot:' || v_cycle.tier_id, 'player:' || v_row.player_id || ':main'],
                 array[-v_pool, v_pool]) l
         limit 1;
      perform jackpot_pool_add(array[v_cycle.tier_id], array[-v_pool], v_part);
      perform jackpot_start_cycle(v_cycle.tier_id, v_row.at, v_part);
      v_changes := v_changes + 1;
    end loop;
  end loop;
  return v_changes;
end $$;
