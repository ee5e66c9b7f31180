-- jackpot_contribute of 1160 as cheap as the posting it replaced (issue 36; docs/decisions/050).
--
-- Measured in one backend (its own CPU time from /proc, a commit after each call, 3 tiers, 6,000 calls a run, the
-- runs interleaved): the posting of 1051 (ledger transaction and entries, then jackpot_pool_add) ~0.30 ms a call;
-- jackpot_contribute of 1160 ~0.35-0.50 ms; this one ~0.32 ms. Two things of 1160 cost what they were not worth:
-- - the probe for the ledger key before the parts' upsert: a stake is handed over once (ADR 039). Now the upsert
--   runs first, and a key found taken by the ledger's insert takes the shares back out again (the arithmetic is
--   exact both ways), so a stake handed over again still changes nothing when its first time moved a whole cent;
--   one whose shares moved none either time is carried twice (less than a cent a tier, from house:games);
-- - the search for cycles at their drop point inside the statement, which a batch that cannot drop (the common
--   case) prepared for nothing: jackpot_apply_each, the only caller that can drop a pool, asks after the call.

drop function jackpot_contribute(text, bigint, jsonb, timestamptz, bigint[], text[], bigint[], boolean);

-- One contribution to a jackpot's tiers: `p_shares` in e4 (negative for a rollback), one per tier of `p_tiers`
-- (ascending; `p_codes` their pool accounts). Adds the shares to this connection's part of each tier and posts the
-- whole cents that makes under `p_key`, in one statement. Answers false when the key was taken (nothing changes; a
-- key taken with other shares is refused, LD002, as ledger_post refuses it).
create function jackpot_contribute(
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

-- jackpot_apply_each of 1160, asking for the cycles a bet took to their drop point after its contribution (the
-- query of 1031).
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
    select e.kind, e.player_id, e.provider, e.game, e.transaction_id, e.at, j.id as jackpot_id,
           array_agg('house:jackpot:' || t.id order by t.id) as codes,
           array_agg(case e.kind when 'bet' then 1 else -1 end * e.amount * t.contribution_bp order by t.id)
             as shares,
           array_agg(t.id order by t.id) as tiers
      from jsonb_to_recordset(p_events) as e(kind text, player_id bigint, provider text, game text,
             game_kind text, transaction_id text, amount bigint, at timestamptz)
      join players p on p.id = e.player_id
      join jackpots j on j.state = 'active' and j.currency = p.currency and e.amount >= greatest(j.min_bet, 1)
           and (cardinality(j.games) = 0 or e.game = any (j.games))
           and (cardinality(j.game_kinds) = 0 or e.game_kind = any (j.game_kinds))
           and not (e.game = any (j.excluded_games))
      join jackpot_tiers t on t.jackpot_id = j.id
     group by e.kind, e.player_id, e.provider, e.game, e.transaction_id, e.at, j.id
  loop
    if not jackpot_contribute(
      'jackpot:' || v_row.jackpot_id || ':' || v_row.kind || ':' || v_row.provider || ':' || v_row.transaction_id,
      v_row.jackpot_id, jsonb_build_object('player_id', v_row.player_id, 'transaction_id', v_row.transaction_id),
      v_row.at, v_row.tiers, v_row.codes, v_row.shares) then
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

-- jackpot_apply of 1160 with the new jackpot_contribute.
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
