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

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): bonus_account, bonus_post,
-- bonus_balance, bonus_lock, bonus_finish, bonus_activate, bonus_pause, bonus_late_share,
-- bonus_isolation_enabled, bonus_contribution, bonus_stake, bonus_wager, bonus_unwager.
