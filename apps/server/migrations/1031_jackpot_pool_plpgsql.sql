-- The jackpot pool's helpers of 1000 in PL/pgSQL (issue 14). As SQL functions that cannot be inlined (an upsert, an
-- aggregate over a table), their bodies were parsed and planned again on every bet's jackpot_apply: a function call
-- in a new transaction gets a new plan. PL/pgSQL keeps the plans of its statements for the connection's life.
-- bench:competitions (track_functions) measured jackpot_pool_add at ~460 µs and jackpot_pool at ~95 µs a call.
create or replace function jackpot_pool(p_tier bigint) returns bigint language plpgsql stable as $$
begin
  return (select coalesce(sum(amount), 0)::bigint from jackpot_pool_parts where tier_id = p_tier);
end $$;

create or replace function jackpot_pool_add(p_tiers bigint[], p_amounts bigint[], p_part int) returns void
language plpgsql as $$
begin
  insert into jackpot_pool_parts as x (tier_id, part, amount)
    select t, p_part, a from unnest(p_tiers, p_amounts) as u(t, a) order by t
  on conflict (tier_id, part) do update set amount = x.amount + excluded.amount;
end $$;

-- jackpot_apply of 1000, with the cycles that reached their drop point found in one query instead of a pool sum per
-- tier and stake, and a movement added to the part of its connection (pg_backend_pid() % 16) instead of its player's:
-- two transactions at once run on two connections, so they rarely wait on one part's rows, while two players whose
-- ids share a part did (bench:games, 32 players on 16 parts: jackpot_pool_add ~380 µs a call, ~170 µs now). The
-- lock order stays the player's accounts, then the parts in tier order, then the cycle: no circle.
create or replace function jackpot_apply(p_events jsonb) returns int language plpgsql as $$
declare
  v_row record;
  v_changes int := 0;
  v_cycle record;
  v_pool bigint;
  v_paid bigint;
  v_replayed boolean;
begin
  for v_row in
    select e.kind, e.player_id, e.provider, e.game, e.transaction_id, e.at, j.id as jackpot_id,
           array_agg('house:jackpot:' || t.id order by t.id) as codes,
           array_agg(case e.kind when 'bet' then 1 else -1 end * (e.amount * t.contribution_bp / 10000)
                     order by t.id) as amounts,
           sum(e.amount * t.contribution_bp / 10000)::bigint as total,
           array_agg(t.id order by t.id) as tiers
      from jsonb_to_recordset(p_events) as e(kind text, player_id bigint, provider text, game text,
             game_kind text, transaction_id text, amount bigint, at timestamptz)
      join players p on p.id = e.player_id
      join jackpots j on j.state = 'active' and j.currency = p.currency and e.amount >= greatest(j.min_bet, 1)
           and (cardinality(j.games) = 0 or e.game = any (j.games))
           and (cardinality(j.game_kinds) = 0 or e.game_kind = any (j.game_kinds))
           and not (e.game = any (j.excluded_games))
      join jackpot_tiers t on t.jackpot_id = j.id and e.amount * t.contribution_bp / 10000 > 0
     group by e.kind, e.player_id, e.provider, e.game, e.transaction_id, e.at, j.id
  loop
    select o_replayed into v_replayed from ledger_post(
      'jackpot:' || v_row.jackpot_id || ':' || v_row.kind || ':' || v_row.provider || ':' || v_row.transaction_id,
      'jackpot.contribution', v_row.jackpot_id::text,
      jsonb_build_object('player_id', v_row.player_id, 'transaction_id', v_row.transaction_id),
      v_row.at,
      array['house:games'] || v_row.codes,
      array[case v_row.kind when 'bet' then -v_row.total else v_row.total end] || v_row.amounts) limit 1;
    if v_replayed then
      continue;
    end if;
    perform jackpot_pool_add(v_row.tiers, v_row.amounts, (pg_backend_pid() % 16)::int);
    v_changes := v_changes + 1;
    if v_row.kind <> 'bet' then
      continue;
    end if;
    -- Only the cycles whose pool reached the drop point, in one query (a stake rarely drops one).
    for v_cycle in
      select c.id, c.tier_id, c.drop_at from jackpot_cycles c
       where c.tier_id = any (v_row.tiers) and c.status = 'current'
         and (select coalesce(sum(p.amount), 0) from jackpot_pool_parts p where p.tier_id = c.tier_id) >= c.drop_at
       order by c.tier_id
    loop
      -- Lock the cycle: of two stakes crossing the drop point at once, one wins, the other sees it dropped.
      update jackpot_cycles set status = 'dropped', dropped_at = v_row.at
       where id = v_cycle.id and status = 'current' returning id into v_paid;
      if v_paid is null then
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
      perform jackpot_pool_add(array[v_cycle.tier_id], array[-v_pool], (pg_backend_pid() % 16)::int);
      perform jackpot_start_cycle(v_cycle.tier_id, v_row.at, (pg_backend_pid() % 16)::int);
      v_changes := v_changes + 1;
    end loop;
  end loop;
  return v_changes;
end $$;

-- ledger_fingerprint of 0212 without a query: the codes are put in order ("C" collation, as the string_agg's order
-- by did) by an insertion sort of simple expressions, which PL/pgSQL evaluates without starting an executor. Every
-- posting computes one; the query made it ~80 µs a call under load (bench:competitions, track_functions).
create or replace function ledger_fingerprint(p_kind text, p_codes text[], p_amounts bigint[]) returns text
language plpgsql immutable as $$
declare
  v_count int := coalesce(cardinality(p_codes), 0);
  v_order int[] := '{}';
  v_i int;
  v_j int;
  v_pairs text := '';
begin
  for v_i in 1 .. v_count loop
    v_j := v_i - 1;
    v_order := v_order || v_i;
    while v_j >= 1 and (p_codes[v_order[v_j]] collate "C") > (p_codes[v_i] collate "C") loop
      v_order[v_j + 1] := v_order[v_j];
      v_j := v_j - 1;
    end loop;
    v_order[v_j + 1] := v_i;
  end loop;
  for v_i in 1 .. v_count loop
    v_pairs := v_pairs || case when v_i > 1 then ',' else '' end || '[' || to_json(p_codes[v_order[v_i]])::text
      || ',"' || p_amounts[v_order[v_i]]::text || '"]';
  end loop;
  return encode(sha256(convert_to('[' || to_json(p_kind)::text || ',[' || v_pairs || ']]', 'UTF8')), 'hex');
end $$;
