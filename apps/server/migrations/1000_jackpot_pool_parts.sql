-- A tier's pool without summing its history (modules/competitions, issue 11: nothing in the bet's path scans).
-- jackpot_pool of 0581 summed every entry its house account ever had, three times a stake on a three-tier jackpot:
-- a cost that grew with every contribution. Now every movement of a pool account also adds its amount to one of
-- sixteen parts of the tier's pool, in the same function and transaction as its ledger entry, so the parts always
-- sum to the account's entries (jackpots.test.ts checks it) and the pool is a sum of at most sixteen rows. A
-- contribution, a payout and the seed that restarts a dropped tier add to the part of the player's id (players rarely
-- wait on each other, unlike on one hot row); a seed without a player (the cycles job) to part 0. A stake takes only
-- its own player's parts, in tier order: two stakes crossing one drop point wait on the cycle row, never in a circle.
create table jackpot_pool_parts (
  tier_id bigint not null references jackpot_tiers(id) on delete cascade,
  part smallint not null check (part between 0 and 15),
  amount bigint not null,
  primary key (tier_id, part)
);

insert into jackpot_pool_parts (tier_id, part, amount)
  select t.id, 0, coalesce(sum(e.amount), 0)::bigint
    from jackpot_tiers t
    join ledger_accounts a on a.code = 'house:jackpot:' || t.id
    left join ledger_entries e on e.account_id = a.id
   group by t.id;

create or replace function jackpot_pool(p_tier bigint) returns bigint language sql stable as $$
  select coalesce(sum(amount), 0)::bigint from jackpot_pool_parts where tier_id = p_tier
$$;

-- Adds to the tiers' pools (p_tiers in ascending order, one amount each) in one part.
create function jackpot_pool_add(p_tiers bigint[], p_amounts bigint[], p_part int) returns void
language sql as $$
  insert into jackpot_pool_parts as x (tier_id, part, amount)
    select t, p_part, a from unnest(p_tiers, p_amounts) as u(t, a) order by t
  on conflict (tier_id, part) do update set amount = x.amount + excluded.amount
$$;

drop function jackpot_start_cycle(bigint, timestamptz);
create function jackpot_start_cycle(p_tier bigint, p_at timestamptz, p_part int default 0) returns boolean
language plpgsql as $$
declare
  v_cycle bigint;
  v_seed bigint;
  v_replayed boolean;
begin
  if exists (select 1 from jackpot_cycles where tier_id = p_tier and status = 'current') then
    return false;
  end if;
  select id into v_cycle from jackpot_cycles where tier_id = p_tier and status = 'pending' order by id limit 1
    for update skip locked;
  if v_cycle is null then
    return false;
  end if;
  select seed into v_seed from jackpot_tiers where id = p_tier;
  select o_replayed into v_replayed from ledger_post('jackpot-seed:' || v_cycle, 'jackpot.seed', p_tier::text,
    jsonb_build_object('tier_id', p_tier, 'cycle_id', v_cycle), p_at,
    array['house:jackpot_funding', 'house:jackpot:' || p_tier], array[-v_seed, v_seed]) limit 1;
  if not v_replayed then
    perform jackpot_pool_add(array[p_tier], array[v_seed], p_part);
  end if;
  update jackpot_cycles set status = 'current', started_at = p_at where id = v_cycle;
  return true;
end $$;

-- jackpot_apply of 0942 with the pool's parts.
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
    perform jackpot_pool_add(v_row.tiers, v_row.amounts, (v_row.player_id % 16)::int);
    v_changes := v_changes + 1;
    if v_row.kind <> 'bet' then
      continue;
    end if;
    for v_cycle in
      select c.id, c.tier_id, c.drop_at from jackpot_cycles c
       where c.tier_id = any (v_row.tiers) and c.status = 'current' order by c.tier_id
    loop
      v_pool := jackpot_pool(v_cycle.tier_id);
      if v_pool < v_cycle.drop_at then
        continue;
      end if;
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
      perform jackpot_pool_add(array[v_cycle.tier_id], array[-v_pool], (v_row.player_id % 16)::int);
      perform jackpot_start_cycle(v_cycle.tier_id, v_row.at, (v_row.player_id % 16)::int);
      v_changes := v_changes + 1;
    end loop;
  end loop;
  return v_changes;
end $$;
