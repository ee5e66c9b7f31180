-- The bonus engine (modules/bonuses): templates an operator edits (seeded from content/bonuses/templates.json),
-- the players' bonuses of every source, and the money of a bonus as ledger movements. A bonus's money is on the
-- player's `bonus` (casino) or `betting_bonus` account only while it is active; one bonus of each type is active at
-- a time, so that account is exactly the active bonus's balance. Every movement:
--   activation  house:bonuses -> player bonus account (bonus.grant)
--   conversion  player bonus account -> main, capped by max_conversion, the excess -> house:bonuses (bonus.convert)
--   forfeit, expiry, cancellation  player bonus account -> house:bonuses (bonus.forfeit / .expire / .cancel)
--   pause (bonuses.deactivate)  player bonus account -> house:bonuses, kept on the row as `stash` (bonus.pause)
-- Bonus money reaches main only through bonus.convert. The functions below are the only writers of that money;
-- the wallet's bet (0511) and the TypeScript engine call them under the player's lock.

create table bonus_templates (
  -- Stable ids from content.
  id bigint primary key check (id > 0),
  sysname text not null unique,
  type text not null check (type in ('casino', 'betting')),
  -- The amount a fixed grant gives (promo codes, operator grants); a deposit offer or a cashback sets its own.
  amount bigint check (amount is null or amount > 0),
  -- Times the bonus amount to wager before it converts. 10 at most: the UK cap from January 2026.
  wager_multiplier integer not null default 10 check (wager_multiplier between 0 and 10),
  -- The largest stake while the bonus is active (cents), or none.
  max_bet bigint check (max_bet is null or max_bet > 0),
  -- The most of the bonus that can become real money (cents), or no cap.
  max_conversion bigint check (max_conversion is null or max_conversion >= 0),
  -- Percent of a stake that counts towards wagering: { "kinds": { "slot": 100 }, "other": 10, "games": { sysname: n } }.
  contributions jsonb not null,
  -- Days from the grant until an unfinished bonus expires.
  valid_days integer not null check (valid_days between 1 and 365),
  -- { texts: { <locale>: { title, text } } }, en as the fallback; {amount}, {wager}, {max_bet} are filled in.
  description jsonb not null,
  is_active boolean not null default true,
  source_hash text not null,
  edited_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- player_bonuses (0500) becomes the bonus of any source. Deposit-offer bonuses keep offer_id and deposit_id.
alter table player_bonuses drop constraint player_bonuses_status_check;
update player_bonuses set status = 'completed' where status = 'wagered';
alter table player_bonuses
  alter column offer_id drop not null,
  alter column deposit_id drop not null,
  add column type text not null default 'casino' check (type in ('casino', 'betting')),
  add column template_id bigint references bonus_templates(id),
  add column source text not null default 'deposit_offer'
    check (source in ('deposit_offer', 'promo_code', 'cashback', 'freespins', 'loyalty', 'tournament', 'operator')),
  -- What granted it: the deposit id, the promo code, the cashback id, the operator's reason…
  add column source_ref text,
  -- The grant's idempotency key: one bonus per key, however often the grant is retried.
  add column grant_key text,
  add column wager_multiplier integer not null default 0,
  add column max_bet bigint check (max_bet is null or max_bet > 0),
  add column max_conversion bigint check (max_conversion is null or max_conversion >= 0),
  add column contributions jsonb not null default '{"kinds": {"slot": 100}, "other": 10, "games": {}}'::jsonb,
  -- While not active: the money the next activation credits (the amount, or what a pause took back).
  add column stash bigint not null default 0 check (stash >= 0),
  -- How often it was activated (the ledger keys of the grants).
  add column activations integer not null default 0,
  add column converted bigint not null default 0 check (converted >= 0),
  -- What the player lost when it ended without converting (or the excess over max_conversion).
  add column lost bigint not null default 0 check (lost >= 0),
  add column expires_at timestamptz,
  add column activated_at timestamptz,
  add column finished_at timestamptz,
  add column finish_reason text,
  add constraint player_bonuses_status_check
    check (status in ('available', 'active', 'completed', 'forfeited', 'expired', 'cancelled'));
update player_bonuses
   set grant_key = 'deposit:' || deposit_id, source_ref = deposit_id,
       wager_multiplier = case when amount > 0 then (wager_requirement / amount)::int else 0 end,
       activations = 1, activated_at = granted_at,
       finished_at = case when status = 'active' then null else updated_at end,
       expires_at = granted_at + interval '30 days';
alter table player_bonuses alter column grant_key set not null;
create unique index player_bonuses_grant_key on player_bonuses (grant_key);
-- One active bonus of each type per player; also the wallet's lookup on every bet.
create unique index player_bonuses_one_active on player_bonuses (player_id, type) where status = 'active';
create index player_bonuses_expiry on player_bonuses (expires_at) where status in ('available', 'active');

-- The player account a bonus type's money lives on.
create function bonus_account(p_player_id bigint, p_type text) returns text language plpgsql immutable as $$
begin
  return 'player:' || p_player_id || ':' || case when p_type = 'betting' then 'betting_bonus' else 'bonus' end;
end $$;

-- Posts one movement of a bonus's money, leaving out zero entries (nothing when fewer than two remain).
create function bonus_post(
  p_key text, p_kind text, p_bonus_id bigint, p_at timestamptz, p_codes text[], p_amounts bigint[]
) returns void language plpgsql as $$
declare
  v_codes text[] := '{}';
  v_amounts bigint[] := '{}';
begin
  for i in 1 .. cardinality(p_codes) loop
    if p_amounts[i] <> 0 then
      v_codes := v_codes || p_codes[i];
      v_amounts := v_amounts || p_amounts[i];
    end if;
  end loop;
  if cardinality(v_codes) < 2 then
    return;
  end if;
  perform 1 from ledger_post(p_key, p_kind, 'bonus:' || p_bonus_id, jsonb_build_object('bonus_id', p_bonus_id),
    p_at, v_codes, v_amounts);
end $$;

-- The balance of a player account (0 before its first use).
create function bonus_balance(p_code text) returns bigint language plpgsql stable as $$
declare
  v bigint;
begin
  select a.balance into v from ledger_accounts a where a.code = p_code;
  return coalesce(v, 0);
end $$;

-- Locks the bonus's player and answers the bonus row as it is under that lock (null row when unknown).
create function bonus_lock(p_bonus_id bigint) returns player_bonuses language plpgsql as $$
declare
  v_player bigint;
  b player_bonuses;
begin
  select player_id into v_player from player_bonuses where id = p_bonus_id;
  if v_player is null then
    return null;
  end if;
  perform ledger_lock_players(array[v_player]);
  select * into b from player_bonuses where id = p_bonus_id for update;
  return b;
end $$;

-- Ends a bonus: completed converts its money (capped, the excess to the house); forfeited, expired and cancelled
-- give it back to the house. An available bonus holds no money on the player's account: its stash is lost.
-- Answers the cents that became real money. A bonus already ended is left as it is (0).
create function bonus_finish(p_bonus_id bigint, p_status text, p_reason text, p_now timestamptz)
returns bigint language plpgsql as $$
declare
  b player_bonuses;
  v_code text;
  v_balance bigint := 0;
  v_conv bigint := 0;
begin
  if p_status not in ('completed', 'forfeited', 'expired', 'cancelled') then
    raise exception 'bonus_finish: bad status %', p_status;
  end if;
  b := bonus_lock(p_bonus_id);
  if b.id is null or b.status not in ('available', 'active') then
    return 0;
  end if;
  v_code := bonus_account(b.player_id, b.type);
  if b.status = 'active' then
    v_balance := bonus_balance(v_code);
    if p_status = 'completed' then
      v_conv := case when b.max_conversion is null then v_balance
                     else least(v_balance, greatest(0, b.max_conversion - b.converted)) end;
      perform bonus_post('bonus:' || b.id || ':convert', 'bonus.convert', b.id, p_now,
        array[v_code, 'player:' || b.player_id || ':main', 'house:bonuses'],
        array[-v_balance, v_conv, v_balance - v_conv]);
    else
      perform bonus_post('bonus:' || b.id || ':' || p_status, 'bonus.' || case p_status
          when 'forfeited' then 'forfeit' when 'expired' then 'expire' else 'cancel' end, b.id, p_now,
        array[v_code, 'house:bonuses'], array[-v_balance, v_balance]);
    end if;
  else
    v_balance := b.stash;
  end if;
  update player_bonuses
     set status = p_status, finish_reason = p_reason, finished_at = p_now, updated_at = p_now, stash = 0,
         converted = converted + v_conv, lost = lost + v_balance - v_conv
   where id = b.id;
  return v_conv;
end $$;

-- Makes an available bonus the active one of its type: its stash goes onto the player's account. Another active
-- bonus of the type is paused first. A bonus whose wagering is already met (0x) converts at once. Answers
-- 'activated', or 'expired' when its time had run out (it is expired now, and that stands).
create function bonus_activate(p_bonus_id bigint, p_now timestamptz) returns text language plpgsql as $$
declare
  b player_bonuses;
  v_other bigint;
begin
  b := bonus_lock(p_bonus_id);
  if b.id is null or b.status <> 'available' then
    raise exception using errcode = 'BN001', message = 'the bonus is not available', detail = p_bonus_id::text;
  end if;
  if b.expires_at is not null and b.expires_at <= p_now then
    perform bonus_finish(b.id, 'expired', 'expired', p_now);
    return 'expired';
  end if;
  select id into v_other from player_bonuses
   where player_id = b.player_id and type = b.type and status = 'active';
  if v_other is not null then
    perform bonus_pause(v_other, p_now);
  end if;
  perform bonus_post('bonus:' || b.id || ':grant' || case when b.activations > 0 then ':' || b.activations else '' end,
    'bonus.grant', b.id, p_now, array['house:bonuses', bonus_account(b.player_id, b.type)], array[-b.stash, b.stash]);
  update player_bonuses
     set status = 'active', stash = 0, activations = activations + 1, activated_at = coalesce(activated_at, p_now),
         updated_at = p_now
   where id = b.id;
  if b.wagered >= b.wager_requirement then
    perform bonus_finish(b.id, 'completed', 'wagered', p_now);
  end if;
  return 'activated';
end $$;

-- Pauses the active bonus (bonuses.deactivate, or another bonus activated): its money goes back to the house and
-- waits on the row as its stash; its wagering progress stays.
create function bonus_pause(p_bonus_id bigint, p_now timestamptz) returns void language plpgsql as $$
declare
  b player_bonuses;
  v_code text;
  v_balance bigint;
begin
  b := bonus_lock(p_bonus_id);
  if b.id is null or b.status <> 'active' then
    raise exception using errcode = 'BN001', message = 'the bonus is not active', detail = p_bonus_id::text;
  end if;
  v_code := bonus_account(b.player_id, b.type);
  v_balance := bonus_balance(v_code);
  perform bonus_post('bonus:' || b.id || ':pause:' || b.activations, 'bonus.pause', b.id, p_now,
    array[v_code, 'house:bonuses'], array[-v_balance, v_balance]);
  update player_bonuses set status = 'available', stash = v_balance, updated_at = p_now where id = b.id;
end $$;

-- Money of a bonus that came back to the player's bonus account after the bonus stopped being the active one (a
-- win or a returned stake of a round it played): it follows the bonus — converted (within what is left of the
-- cap) when it completed, kept in the stash when it is paused, back to the house when it was forfeited, expired
-- or cancelled. The caller credited `p_amount` to the bonus account just before, in the same transaction.
create function bonus_late_share(p_bonus_id bigint, p_amount bigint, p_key text, p_now timestamptz)
returns void language plpgsql as $$
declare
  b player_bonuses;
  v_code text;
  v_conv bigint;
begin
  select * into b from player_bonuses where id = p_bonus_id for update;
  if b.id is null or b.status = 'active' or p_amount <= 0 then
    return;
  end if;
  v_code := bonus_account(b.player_id, b.type);
  if b.status = 'completed' then
    v_conv := case when b.max_conversion is null then p_amount
                   else least(p_amount, greatest(0, b.max_conversion - b.converted)) end;
    perform bonus_post('bonus:' || b.id || ':late:' || p_key, 'bonus.convert', b.id, p_now,
      array[v_code, 'player:' || b.player_id || ':main', 'house:bonuses'], array[-p_amount, v_conv, p_amount - v_conv]);
    update player_bonuses set converted = converted + v_conv, lost = lost + p_amount - v_conv, updated_at = p_now
     where id = b.id;
  elsif b.status = 'available' then
    perform bonus_post('bonus:' || b.id || ':late:' || p_key, 'bonus.pause', b.id, p_now,
      array[v_code, 'house:bonuses'], array[-p_amount, p_amount]);
    update player_bonuses set stash = stash + p_amount, updated_at = p_now where id = b.id;
  else
    perform bonus_post('bonus:' || b.id || ':late:' || p_key, 'bonus.forfeit', b.id, p_now,
      array[v_code, 'house:bonuses'], array[-p_amount, p_amount]);
    update player_bonuses set lost = lost + p_amount, updated_at = p_now where id = b.id;
  end if;
end $$;

-- general-info's is_bonus_isolation_enabled (site_settings, seeded from content/general-info.json).
create function bonus_isolation_enabled() returns boolean language plpgsql stable as $$
declare
  v boolean;
begin
  select (s.value ->> 'is_bonus_isolation_enabled')::boolean into v from site_settings s where s.key = 'general-info';
  return coalesce(v, false);
end $$;

-- Percent of a stake on a game that counts towards a bonus's wagering: the game's override, else its kind's, else
-- `other`.
create function bonus_contribution(p_contributions jsonb, p_game text, p_kind text) returns integer
language plpgsql immutable as $$
begin
  return greatest(0, least(100, coalesce((p_contributions -> 'games' ->> p_game)::int,
    (p_contributions -> 'kinds' ->> p_kind)::int, (p_contributions ->> 'other')::int, 0)));
end $$;

-- A real-money stake (the wallet's bet, under the player's lock, before the money moves): which active bonus it
-- plays and how much of it comes from that bonus's money. Real money first, then bonus; with bonus isolation,
-- bonus money first and only that part counts towards wagering (the real balance stays free). The sportsbook's
-- stakes (game kind betting) play the betting bonus, every other kind the casino bonus. A stake over the bonus's
-- max bet is refused (WA000 BONUS_MAX_BET, detail: the max bet in cents) while the bonus has money in play.
-- More than the two balances hold is left to the ledger to refuse (insufficient funds).
create function bonus_stake(
  p_player_id bigint, p_game text, p_amount bigint,
  out o_bonus_id bigint, out o_account text, out o_from_bonus bigint, out o_wagered bigint
) language plpgsql as $$
declare
  v_kind text;
  b record;
  v_main bigint;
  v_bonus bigint;
  v_isolated boolean;
begin
  o_from_bonus := 0;
  o_wagered := 0;
  if not exists (select 1 from player_bonuses x where x.player_id = p_player_id and x.status = 'active') then
    return;
  end if;
  select g.type into v_kind from games g where g.sysname = p_game;
  v_kind := coalesce(v_kind, 'unknown');
  select x.id, x.type, x.max_bet, x.contributions into b from player_bonuses x
   where x.player_id = p_player_id and x.status = 'active'
     and x.type = case when v_kind = 'betting' then 'betting' else 'casino' end;
  if b.id is null then
    return;
  end if;
  o_bonus_id := b.id;
  o_account := bonus_account(p_player_id, b.type);
  v_bonus := bonus_balance(o_account);
  v_isolated := bonus_isolation_enabled();
  if v_isolated then
    o_from_bonus := least(p_amount, v_bonus);
  else
    v_main := bonus_balance('player:' || p_player_id || ':main');
    o_from_bonus := greatest(0, p_amount - v_main);
  end if;
  if b.max_bet is not null and p_amount > b.max_bet and (o_from_bonus > 0 or (not v_isolated and v_bonus > 0)) then
    perform wallet_raise('BONUS_MAX_BET', b.max_bet::text);
  end if;
  o_wagered := (case when v_isolated then o_from_bonus else p_amount end)
               * bonus_contribution(b.contributions, p_game, v_kind) / 100;
end $$;

-- A stake's wagering (after its money moved): progress, and the conversion when the requirement is met.
create function bonus_wager(p_bonus_id bigint, p_wagered bigint, p_now timestamptz) returns void
language plpgsql as $$
declare
  v_done boolean;
begin
  if p_wagered <= 0 then
    return;
  end if;
  update player_bonuses set wagered = wagered + p_wagered, updated_at = p_now
   where id = p_bonus_id and status = 'active'
  returning wagered >= wager_requirement into v_done;
  if v_done then
    perform bonus_finish(p_bonus_id, 'completed', 'wagered', p_now);
  end if;
end $$;

-- A rolled-back stake takes back the wagering it added (while its bonus is still active).
create function bonus_unwager(p_bonus_id bigint, p_wagered bigint, p_now timestamptz) returns void
language plpgsql as $$
begin
  if p_wagered > 0 then
    update player_bonuses set wagered = greatest(0, wagered - p_wagered), updated_at = p_now
     where id = p_bonus_id and status = 'active';
  end if;
end $$;
