-- The games catalogue's read grows the game's kind (issue 37, ADR 057): a bonus's terms and a stake's bonus (casino
-- or betting) depend on it, and the wallet and bonus_stake read it here instead of from games.
create or replace view games_catalogue_v as
  select sysname, provider, type
    from games;
