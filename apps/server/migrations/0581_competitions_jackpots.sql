-- Jackpots (modules/competitions): progressive pools in tiers. Each tier's pool is a house account on the ledger
-- (`house:jackpot:<tier id>`), so pool = seeds + contributions - payouts always. Each cycle of a tier has a drop
-- point fixed in advance by a committed server seed (its SHA-256 shown before, the seed revealed after the drop):
-- the real stake that lifts the pool to the drop point wins the pool, which restarts at the tier's seed.
create table jackpots (
  id bigserial primary key,
  -- The seed's key (content/competitions/jackpots.json); null for one made in the back-office.
  sysname text unique,
  name jsonb not null default '{}'::jsonb,
  currency text not null default 'USD',
  -- Eligible stakes: of these games (empty: all) and kinds (empty: all), from min_bet (minor units).
  games text[] not null default '{}',
  game_kinds text[] not null default '{}',
  min_bet bigint not null default 0 check (min_bet >= 0),
  image_url text,
  state text not null default 'active' check (state in ('active', 'paused')),
  created_at timestamptz not null default now()
);

create table jackpot_tiers (
  id bigserial primary key,
  jackpot_id bigint not null references jackpots(id) on delete cascade,
  -- mini, major, grand…
  name text not null,
  -- The share of each eligible stake that feeds this tier, in basis points (100 = 1 %).
  contribution_bp int not null check (contribution_bp > 0 and contribution_bp <= 1000),
  seed bigint not null check (seed > 0),
  must_drop_by bigint not null,
  check (must_drop_by > seed),
  unique (jackpot_id, name)
);

create table jackpot_cycles (
  id bigserial primary key,
  tier_id bigint not null references jackpot_tiers(id) on delete cascade,
  -- pending: committed, waiting its turn; current: the pool runs towards drop_at; dropped: paid, seed revealed.
  status text not null check (status in ('pending', 'current', 'dropped')),
  server_seed text not null,
  seed_hash text not null,
  -- The pool amount (minor units) at which this cycle drops: seed + floor(u × (must_drop_by - seed)),
  -- u = the first 4 bytes of HMAC-SHA256(key = server_seed, message = "<tier id>") / 2^32 (competitions/drop.ts).
  drop_at bigint not null,
  started_at timestamptz,
  dropped_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index jackpot_cycles_current on jackpot_cycles (tier_id) where status = 'current';
create index jackpot_cycles_pending on jackpot_cycles (tier_id, id) where status = 'pending';

create table jackpot_winners (
  id bigserial primary key,
  cycle_id bigint not null unique references jackpot_cycles(id),
  tier_id bigint not null references jackpot_tiers(id),
  player_id bigint not null references players(id),
  amount bigint not null check (amount > 0),
  game text not null,
  -- The stake that dropped it (provider and transaction id, unique per provider).
  provider text not null,
  transaction_id text not null,
  ledger_transaction_id bigint not null,
  won_at timestamptz not null
);
create index jackpot_winners_recent on jackpot_winners (won_at desc, id desc);

-- The pool of a tier now (minor units): the sum of its account's entries. Contributions only insert entries (no
-- hot row); a pool account's entries are summed through the ledger's (account_id, id) index.
create function jackpot_pool(p_tier bigint) returns bigint language sql stable as $$
  select coalesce(sum(e.amount), 0)::bigint from ledger_entries e
   where e.account_id = (select id from ledger_accounts where code = 'house:jackpot:' || p_tier)
$$;

-- Makes the tier's next pending cycle current, seeding the pool back to the tier's seed (from the house).
create function jackpot_start_cycle(p_tier bigint, p_at timestamptz) returns boolean language plpgsql as $$
declare
  v_cycle bigint;
  v_seed bigint;
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
  perform count(*) from ledger_post('jackpot-seed:' || v_cycle, 'jackpot.seed', p_tier::text,
    jsonb_build_object('tier_id', p_tier, 'cycle_id', v_cycle), p_at,
    array['house:jackpot_funding', 'house:jackpot:' || p_tier], array[-v_seed, v_seed]);
  update jackpot_cycles set status = 'current', started_at = p_at where id = v_cycle;
  return true;
end $$;

-- The bet pipeline's jackpot consequence (competitions/jackpot-contribution.ts): each eligible real stake feeds every
-- tier of every active jackpot it is eligible for (one ledger transaction per stake and jackpot, from house:games);
-- a rollback takes its share back. A tier whose pool reaches its cycle's drop point pays the whole pool to the
-- player whose stake reached it (the cycle row is locked: one winner), then its next cycle starts at the seed.
-- Answers the number of ledger movements it made.
create function jackpot_apply(p_events jsonb) returns int language plpgsql as $$
declare
  v_row record;
  v_changes int := 0;
  v_cycle record;
  v_pool bigint;
  v_paid bigint;
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
      join jackpot_tiers t on t.jackpot_id = j.id and e.amount * t.contribution_bp / 10000 > 0
     group by e.kind, e.player_id, e.provider, e.game, e.transaction_id, e.at, j.id
  loop
    perform count(*) from ledger_post(
      'jackpot:' || v_row.jackpot_id || ':' || v_row.kind || ':' || v_row.provider || ':' || v_row.transaction_id,
      'jackpot.contribution', v_row.jackpot_id::text,
      jsonb_build_object('player_id', v_row.player_id, 'transaction_id', v_row.transaction_id),
      v_row.at,
      array['house:games'] || v_row.codes,
      array[case v_row.kind when 'bet' then -v_row.total else v_row.total end] || v_row.amounts);
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
      perform jackpot_start_cycle(v_cycle.tier_id, v_row.at);
      v_changes := v_changes + 1;
    end loop;
  end loop;
  return v_changes;
end $$;
