-- Settlement in the jobs queue (docs/decisions/030): each batch takes the next bets on a market after a cursor, in
-- bet id order, from the index alone. It replaces the (event, market, specifiers) index, which is its prefix.
create index sb_bet_legs_market_bet on sb_bet_legs (event_id, market_id, specifiers, bet_id);
drop index sb_bet_legs_market;
