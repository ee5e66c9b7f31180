-- The Unified Odds Feed's order per event (issue 38, modules/sportsbook/uof/event-order.ts): for each event and
-- stream of messages (odds: odds_change and bet_stop; settlement: bet_settlement and its rollback; cancel: bet_cancel
-- and its rollback; fixture: fixture_change), the feed timestamp last applied and the message types applied at it.
-- A message older than `ts`, or of a type already in `types` at the same `ts` (a redelivery), changes nothing;
-- the row is claimed in the transaction that applies the message, so it applies exactly once, across restarts
-- and across instances that each consume the feed.
create table sb_uof_event_order (
  event_id text collate "C" not null,
  stream text collate "C" not null,
  ts bigint not null,
  types text[] not null,
  updated_at timestamptz not null,
  primary key (event_id, stream)
);
