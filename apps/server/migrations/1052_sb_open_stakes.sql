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

-- Placement: a positive total per (player, event), added or inserted.
create function sb_open_stakes_legs_inserted() returns trigger language plpgsql as $$
begin
  insert into sb_open_stakes as s (player_id, event_id, staked)
  select b.player_id, l.event_id, sum(b.total_stake)
    from sb_new_legs l
    cross join lateral (select player_id, total_stake from sb_bets where id = l.bet_id and status = 'open' limit 1) b
   group by b.player_id, l.event_id
  on conflict (player_id, event_id) do update set staked = s.staked + excluded.staked;
  return null;
end $$;

create trigger sb_bet_legs_open_stakes after insert on sb_bet_legs
  referencing new table as sb_new_legs
  for each statement execute function sb_open_stakes_legs_inserted();

-- A bet leaving `open` takes its stake off, one coming back puts it on. Taking off is an update of a row that must
-- be there (the stake was added when the bet was placed or reopened): a missing row or a total below 0 is an error,
-- never a silent loss. Putting back inserts or adds, as placement does. The player's rows at 0 go.
create function sb_open_stakes_bets_updated() returns trigger language plpgsql as $$
declare
  v_missing bigint;
begin
  with d as (
    select n.player_id, l.event_id,
           sum(case when n.status = 'open' then n.total_stake else -o.total_stake end)::bigint as delta
      from sb_old_bets o
      join sb_new_bets n on n.id = o.id
      cross join lateral (select event_id from sb_bet_legs where bet_id = n.id limit 20) l
     where (o.status = 'open') <> (n.status = 'open')
     group by n.player_id, l.event_id),
  added as (
    insert into sb_open_stakes as s (player_id, event_id, staked)
    select player_id, event_id, delta from d where delta > 0
    on conflict (player_id, event_id) do update set staked = s.staked + excluded.staked),
  taken as (
    update sb_open_stakes s set staked = s.staked + d.delta
      from d where d.delta < 0 and s.player_id = d.player_id and s.event_id = d.event_id
    returning 1)
  select (select count(*) from d where delta < 0) - (select count(*) from taken) into v_missing;
  if v_missing <> 0 then
    raise exception 'sb_open_stakes: % open totals to take a stake off are missing', v_missing;
  end if;
  delete from sb_open_stakes s
   where s.player_id in (select player_id from sb_new_bets) and s.staked = 0;
  return null;
end $$;

create trigger sb_bets_open_stakes after update on sb_bets
  referencing old table as sb_old_bets new table as sb_new_bets
  for each statement execute function sb_open_stakes_bets_updated();
