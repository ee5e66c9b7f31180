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

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): bonus_stake.
