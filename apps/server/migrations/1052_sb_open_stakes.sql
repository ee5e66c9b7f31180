-- The player's open stakes per event as a running total (issue 15; docs/decisions/040).
--
-- Placement checks the per-event limit against what the player already has open on the slip's events
-- (modules/sportsbook/quote.ts). It summed the player's open bets for that, one index probe per open bet, so a
-- placement cost more with every bet the player had open: in bench:sportsbook PostgreSQL's CPU per bet went from
-- 3.2 ms to 5.1 ms between two slices, about 5 µs per open bet. Here it is one primary-key read.
--
-- The total is kept by two statement triggers, so every writer of a bet keeps it right without knowing it exists:
-- - legs inserted for an open bet add the bet's total stake to the leg's event (placement inserts the bet and its
--   legs in one statement; the legs' trigger runs at its end and sees the bet);
-- - a bet that leaves `open` (settled, void, cancelled, cashed out) takes its total stake off each of its events,
--   and one that comes back to `open` (a settlement rolled back) puts it back.
-- A bet has at most one leg per event (plan.ts), so a bet counts once per event, as checkLimits adds it. A row that
-- reaches 0 is deleted: the table holds only what is open. Every change of a player's row is made under that
-- player's lock (placement, settlement and cashout all take it), so the rows see no contention of their own.

create table sb_open_stakes (
  player_id bigint not null references players (id),
  event_id text collate "C" not null,
  staked bigint not null check (staked >= 0),
  primary key (player_id, event_id)
);

insert into sb_open_stakes (player_id, event_id, staked)
select b.player_id, l.event_id, sum(b.total_stake)
  from sb_bets b join sb_bet_legs l on l.bet_id = b.id
 where b.status = 'open'
 group by b.player_id, l.event_id;

-- In both triggers the lateral lookups carry a limit (a bet has at most MAX_SELECTIONS legs, 20) so that each is an
-- index probe and never a hash join over every bet or leg, whatever the statistics say (docs/decisions/036). A
-- bet's events come from sb_bet_legs_bet_event (bet_id, event_id) of 1043, without reading the legs' rows. Each
-- trigger is plain statements on the transition tables: no arrays handed on, whose sizes made PostgreSQL plan a
-- helper's statements afresh on every call.

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): sb_open_stakes_legs_inserted,
-- sb_open_stakes_bets_updated.
