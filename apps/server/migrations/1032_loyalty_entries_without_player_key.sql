-- A points entry's player without a foreign key (docs/decisions/035): every statement that inserts entries also
-- updates or inserts their players' loyalty_accounts rows (loyalty_apply_entries, 1021), whose own foreign key checks
-- the player once per player and statement and keeps the player from being deleted. The entry's check was one
-- locking lookup per entry: a stake's points, and a thousand per sportsbook settlement batch.
alter table loyalty_point_entries drop constraint loyalty_point_entries_player_id_fkey;
