-- Betting bonuses in the sportsbook (modules/bonuses, docs/decisions/024-betting-bonuses-settle-with-the-bet.md).
-- A betting bonus's wagering is counted when a sportsbook bet settles (won or lost) at or above the bonus's minimum
-- odds, never at the stake; a free bet pays its winnings without the stake. Both terms are template fields that a
-- bonus copies at its grant, like every other term.

alter table bonus_templates
  -- The lowest odds (thousandths: 1500 = 1.50) a settled bet needs to count towards wagering; null: any odds.
  add column min_odds integer check (min_odds is null or min_odds >= 1000),
  -- A free bet (betting templates only): a winning stake of its money pays the winnings without the stake.
  add column is_free_bet boolean not null default false,
  add constraint bonus_templates_free_bet_is_betting check (not is_free_bet or type = 'betting');
update bonus_templates set min_odds = 1500 where type = 'betting';

alter table player_bonuses
  add column min_odds integer check (min_odds is null or min_odds >= 1000),
  add column is_free_bet boolean not null default false;

-- What a settled bet counts for the bonus it played, as a state each settlement brings in line with the bet (a
-- re-settlement, a rollback, a void move only the difference): its wagering, and the free-bet stake taken back
-- out of its payout.
create table bonus_bet_settlements (
  source text not null,
  bet_id text not null,
  player_id bigint not null,
  bonus_id bigint not null references player_bonuses(id),
  wagered bigint not null default 0 check (wagered >= 0),
  free_stake_taken bigint not null default 0 check (free_stake_taken >= 0),
  -- Counts the ledger movements of the free-bet stake (their idempotency keys).
  moves integer not null default 0,
  updated_at timestamptz not null,
  primary key (source, bet_id)
);
create index bonus_bet_settlements_bonus on bonus_bet_settlements (bonus_id);

-- bonus_stake of 0510 with two changes for betting bonuses: their wagering is not counted at the stake (the
-- settlement counts it, with the bet's odds), and a free bet's money is staked first (else a player with real
-- money could never use it).
create or replace function bonus_stake(
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
  select x.id, x.type, x.max_bet, x.contributions, x.is_free_bet into b from player_bonuses x
   where x.player_id = p_player_id and x.status = 'active'
     and x.type = case when v_kind = 'betting' then 'betting' else 'casino' end;
  if b.id is null then
    return;
  end if;
  o_bonus_id := b.id;
  o_account := bonus_account(p_player_id, b.type);
  v_bonus := bonus_balance(o_account);
  v_isolated := bonus_isolation_enabled();
  if v_isolated or b.is_free_bet then
    o_from_bonus := least(p_amount, v_bonus);
  else
    v_main := bonus_balance('player:' || p_player_id || ':main');
    o_from_bonus := greatest(0, p_amount - v_main);
  end if;
  if b.max_bet is not null and p_amount > b.max_bet and (o_from_bonus > 0 or (not v_isolated and v_bonus > 0)) then
    perform wallet_raise('BONUS_MAX_BET', b.max_bet::text);
  end if;
  if b.type = 'betting' then
    return;
  end if;
  o_wagered := (case when v_isolated then o_from_bonus else p_amount end)
               * bonus_contribution(b.contributions, p_game, v_kind) / 100;
end $$;
