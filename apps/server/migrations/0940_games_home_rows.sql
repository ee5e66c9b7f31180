-- The games part of the back-office (issue 17 item 4, docs/decisions/027-games-back-office.md). The home page's game
-- rows are categories in an order of their own: `home_position` (0 first; null: not a home row). The rows the
-- site showed so far (popular, new, live) keep their order.
alter table game_categories
  add column home_position integer check (home_position is null or (home_position >= 0 and home_position <= 999));
update game_categories set home_position = case sysname when 'popular' then 0 when 'new' then 1 when 'live' then 2 end
 where sysname in ('popular', 'new', 'live');
