-- A batch's jackpot contributions in one posting per jackpot (issues 11 and 14; docs/decisions/039).
--
-- jackpot_apply of 1046 posted every stake's share on its own: the accounts' lookup, a ledger transaction with its
-- entries and the pool's upsert, about 0.25 ms a stake. A bet batch (ADR 037) holds several stakes, and most of
-- the time none of them can make a tier drop. Then the batch's shares are posted once per jackpot: one ledger
-- transaction (house:games → each tier's house:jackpot:<tier>, the sums of the stakes' shares, each share rounded
-- down per stake as before) and one upsert of the pool parts. The pool is the same to the cent; only the number of
-- ledger transactions changes.
--
-- Everything else goes the old way, stake by stake (jackpot_apply_each, the function of 1046 renamed):
-- - a batch with a rollback in it;
-- - a batch whose shares could take a tier to its drop point: pool as read + the batch's share ≥ drop_at. There
--   the first stake that reaches the point must win, and only the stake-by-stake loop knows which one that is.
--
-- A jackpot fed by one stake of the batch keeps the old key, kind, reference and meta (`jackpot:<id>:bet:<provider>:
-- <transaction>`), so a single stake is posted exactly as before. Several stakes share the key
-- `jackpot:<id>:bets:<md5 of their provider:transaction ids>`, with meta {stakes, player_ids, transaction_ids}.
-- A rollback's take-back needs no record of how its stake was posted: it is the stake's share, posted under its own
-- key, as before.

alter function jackpot_apply(jsonb) rename to jackpot_apply_each;

create function jackpot_apply(p_events jsonb) returns int language plpgsql as $$
declare
  v_row record;
  v_changes int := 0;
  v_part int := (pg_backend_pid() % 16)::int;
  -- The batch's shares, one element per stake and tier.
  v_jackpots bigint[];
  v_tiers bigint[];
  v_players bigint[];
  v_providers text[];
  v_transactions text[];
  v_ats timestamptz[];
  v_amounts bigint[];
  v_key text;
  v_meta jsonb;
  v_codes text[];
  v_legs bigint[];
  v_fingerprint text;
  v_accounts bigint[];
  v_posted int;
begin
  if exists (select 1 from jsonb_to_recordset(p_events) as e(kind text) where e.kind is distinct from 'bet') then
    return jackpot_apply_each(p_events);
  end if;
  -- jackpot_apply_each's eligibility, share by share.
  select array_agg(j.id), array_agg(t.id), array_agg(e.player_id), array_agg(e.provider), array_agg(e.transaction_id),
         array_agg(e.at), array_agg(e.amount * t.contribution_bp / 10000)
    into v_jackpots, v_tiers, v_players, v_providers, v_transactions, v_ats, v_amounts
    from jsonb_to_recordset(p_events) as e(kind text, player_id bigint, provider text, game text,
           game_kind text, transaction_id text, amount bigint, at timestamptz)
    join players p on p.id = e.player_id
    join jackpots j on j.state = 'active' and j.currency = p.currency and e.amount >= greatest(j.min_bet, 1)
         and (cardinality(j.games) = 0 or e.game = any (j.games))
         and (cardinality(j.game_kinds) = 0 or e.game_kind = any (j.game_kinds))
         and not (e.game = any (j.excluded_games))
    join jackpot_tiers t on t.jackpot_id = j.id and e.amount * t.contribution_bp / 10000 > 0;
  if v_jackpots is null then
    return 0;
  end if;
  if exists (
    select 1
      from (select s.tier_id, sum(s.amount) as amount from unnest(v_tiers, v_amounts) as s(tier_id, amount)
             group by s.tier_id) x
      join jackpot_cycles c on c.tier_id = x.tier_id and c.status = 'current'
     where jackpot_pool(x.tier_id) + x.amount >= c.drop_at) then
    return jackpot_apply_each(p_events);
  end if;

  for v_row in
    with s as (
      select * from unnest(v_jackpots, v_tiers, v_players, v_providers, v_transactions, v_ats, v_amounts)
        as s(jackpot_id, tier_id, player_id, provider, transaction_id, at, amount))
    select x.jackpot_id,
           array_agg('house:jackpot:' || x.tier_id order by x.tier_id) as codes,
           array_agg(x.amount order by x.tier_id) as amounts,
           array_agg(x.tier_id order by x.tier_id) as tiers,
           sum(x.amount)::bigint as total,
           k.n, k.player_ids, k.providers, k.transaction_ids, k.at
      from (select s.jackpot_id, s.tier_id, sum(s.amount)::bigint as amount from s group by s.jackpot_id, s.tier_id) x
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
    v_codes := array['house:games'] || v_row.codes;
    v_legs := array[-v_row.total] || v_row.amounts;
    v_fingerprint := ledger_fingerprint('jackpot.contribution', v_codes, v_legs);
    select array_agg(a.id order by u.n) into v_accounts
      from unnest(v_codes) with ordinality as u(code, n) left join ledger_accounts a on a.code = u.code;
    if array_position(v_accounts, null) is not null then
      insert into ledger_accounts (code, kind) select c, c from unnest(v_codes) as c on conflict do nothing;
      select array_agg(a.id order by u.n) into v_accounts
        from unnest(v_codes) with ordinality as u(code, n) join ledger_accounts a on a.code = u.code;
    end if;
    with posted as (
      insert into ledger_transactions (idempotency_key, kind, reference, fingerprint, meta, created_at)
        values (v_key, 'jackpot.contribution', v_row.jackpot_id::text, v_fingerprint, v_meta,
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
    perform jackpot_pool_add(v_row.tiers, v_row.amounts, v_part);
  end loop;
  return v_changes;
end $$;
