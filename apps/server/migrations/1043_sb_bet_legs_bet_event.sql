-- The per-event limit sums a player's open stakes on the slip's event (sportsbook/quote.ts): for each open bet of
-- the player, its legs on that event. Without this index the only one naming both columns was
-- sb_bet_legs_market_bet (event_id, market_id, specifiers, bet_id), where bet_id is not a leading column: each
-- probe read every leg on the event, so a placement cost (open bets) × (legs on the event) and slowed as bets piled
-- up. Here each open bet is one probe.
create index sb_bet_legs_bet_event on sb_bet_legs (bet_id, event_id);
