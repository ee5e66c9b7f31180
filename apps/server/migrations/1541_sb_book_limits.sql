-- The trading desk (issue 40, docs/decisions/067): the book's odds margin and stake limit per sport and per market,
-- set on the desk (audited), beside each player's stake factor (sb_player_limits).
--   market_id 0: the whole sport; another: that market of the sport, which wins over the sport's row.
--   margin_bp: the book's margin on the feed's prices in basis points (500 = 5%): offered odds = feed odds /
--   (1 + margin), rounded down to a thousandth, never under 1.000. null: the sport's (or none).
--   max_stake: the most a bet may stake (minor units, before the player's stake factor) when it has a selection of
--   this sport / market; null: the sport's (or the book's own limit).
create table sb_book_limits (
  sport text not null,
  market_id integer not null check (market_id >= 0),
  margin_bp integer check (margin_bp between 0 and 5000),
  max_stake bigint check (max_stake > 0),
  updated_at timestamptz not null,
  primary key (sport, market_id)
);

-- The feed's own price of an outcome (thousandths); `odds` is the price offered, the margin applied to it.
alter table sb_outcomes add column feed_odds integer;
update sb_outcomes set feed_odds = odds;
