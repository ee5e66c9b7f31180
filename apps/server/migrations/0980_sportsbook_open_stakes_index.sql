-- Placement reads a player's open stakes on an event under the player's lock (modules/sportsbook/quote.ts):
-- through the player's OPEN bets only, not every bet they ever placed (sb_bets_player), each joined to its legs by
-- their primary key. Settled bets leave the index.
create index sb_bets_player_open on sb_bets (player_id, id) include (total_stake) where status = 'open';
