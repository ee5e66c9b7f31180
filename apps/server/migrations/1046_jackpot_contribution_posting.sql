-- jackpot_apply of 1031 posts a stake's contribution without the generic ledger_post (issue 14).
--
-- A contribution moves house money only (house:games to each tier's house:jackpot:<tier>): no player account to lock
-- or to check for funds, no balance to keep (house accounts have none), and nothing to answer. Through ledger_post
-- and jackpot_pool_add it cost about twelve statements a stake: the players' lock (an empty one), the transaction, a
-- lookup per account (four on a three-tier jackpot), the entries, the answer's query, the select around the call,
-- the pool's upsert in its own function and the query for the cycles at their drop point. It now costs three after
-- the batch's query: the accounts in one lookup, the transaction with its entries, the pool's upsert with the cycles
-- at their drop point (the parts of other connections as read, this connection's part as the upsert left it).
-- What is written is unchanged: the same transaction (key, kind, reference, fingerprint, meta, time), the same entries
-- in the same order, the same parts; a reused key with other content is refused as ledger_post refuses it (LD002),
-- and a replayed key changes nothing. A drop's payout and the next cycle's seed still go through ledger_post: they
-- are rare. pgbench calling the function alone (3 tiers, 4 clients, synchronous_commit off, the two versions side by
-- side in one database): 5-14 % more calls a second. Each of the statements left costs 50-100 µs of CPU here; the
-- jackpot's share of a bet (bench:competitions) stays ~0.5 ms until contributions are posted in bulk (see the note).

create or replace function jackpot_apply(p_events jsonb) returns int language plpgsql as $$
declare
  v_row record;
  v_changes int := 0;
  v_cycle record;
  v_pool bigint;
  v_paid bigint;
  v_part int := (pg_backend_pid() % 16)::int;
  v_key text;
  v_codes text[];
  v_legs bigint[];
  v_fingerprint text;
  v_accounts bigint[];
  v_posted int;
  v_crossed bigint[];
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
    v_key := 'jackpot:' || v_row.jackpot_id || ':' || v_row.kind || ':' || v_row.provider || ':' || v_row.transaction_id;
    v_codes := array['house:games'] || v_row.codes;
    v_legs := array[case v_row.kind when 'bet' then -v_row.total else v_row.total end] || v_row.amounts;
    v_fingerprint := ledger_fingerprint('jackpot.contribution', v_codes, v_legs);
    select array_agg(a.id order by u.n) into v_accounts
      from unnest(v_codes) with ordinality as u(code, n) left join ledger_accounts a on a.code = u.code;
    if array_position(v_accounts, null) is not null then
      -- A tier's pool account is made by its first seed; one that has none yet is made here, as ledger_post makes a
      -- missing house account.
      insert into ledger_accounts (code, kind) select c, c from unnest(v_codes) as c on conflict do nothing;
      select array_agg(a.id order by u.n) into v_accounts
        from unnest(v_codes) with ordinality as u(code, n) join ledger_accounts a on a.code = u.code;
    end if;
    -- The transaction and its entries in one statement (the ledger's balance check runs once, over these entries).
    with posted as (
      insert into ledger_transactions (idempotency_key, kind, reference, fingerprint, meta, created_at)
        values (v_key, 'jackpot.contribution', v_row.jackpot_id::text, v_fingerprint,
                jsonb_build_object('player_id', v_row.player_id, 'transaction_id', v_row.transaction_id),
                coalesce(v_row.at, now()))
        on conflict (idempotency_key) do nothing
        returning id)
    insert into ledger_entries (transaction_id, account_id, amount, balance_after)
      select posted.id, u.account_id, u.amount, null
        from posted cross join unnest(v_accounts, v_legs) with ordinality as u(account_id, amount, n)
       order by u.n;
    get diagnostics v_posted = row_count;
    if v_posted = 0 then
      if (select t.fingerprint from ledger_transactions t where t.idempotency_key = v_key)
         is distinct from v_fingerprint then
        raise exception using errcode = 'LD002', message = 'idempotency key reused with different content',
          detail = v_key;
      end if;
      continue;
    end if;
    v_changes := v_changes + 1;
    -- jackpot_pool_add's upsert (the parts in tier order: the lock order of 1031 holds), answering a stake's cycles
    -- whose pool reached the drop point: the other parts as read, this part as the upsert left it.
    with added as (
      insert into jackpot_pool_parts as x (tier_id, part, amount)
        select t, v_part, a from unnest(v_row.tiers, v_row.amounts) as u(t, a) order by t
      on conflict (tier_id, part) do update set amount = x.amount + excluded.amount
      returning x.tier_id, x.amount)
    select coalesce(array_agg(c.id order by c.tier_id), '{}') into v_crossed
      from added
      join jackpot_cycles c on c.tier_id = added.tier_id and c.status = 'current'
     where v_row.kind = 'bet'
       and added.amount + (select coalesce(sum(p.amount), 0) from jackpot_pool_parts p
                            where p.tier_id = added.tier_id and p.part <> v_part) >= c.drop_at;
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
