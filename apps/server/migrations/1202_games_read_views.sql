-- The games catalogue's read for other modules (issue 37): a game's studio, which a competition's rules may name.
create view games_catalogue_v as
  select sysname, provider
    from games;
