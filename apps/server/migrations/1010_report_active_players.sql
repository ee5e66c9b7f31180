-- Active players of a range without counting distinct players over millions of rows (modules/reports, issue 17).
-- report_player_days has a row per day, player, product and game: over 10 million rounds that is millions of rows,
-- and `count(distinct player_id)` over a month of them took seconds. Now each day keeps, per currency and
-- country, a bitmap of the players who staked (bit p % 8 of byte p / 8 is player p): per game (its product,
-- provider and kind kept for the filters), per product (game '*') and for all play (product and game '*').
-- A range's active players are the bits set in the OR of its days' bitmaps (report-queries.ts): exact, and a few
-- hundred small rows for a month. Rebuilt with the day's other rows, from report_player_days.
-- The covering index that served the count is no longer read.
drop index if exists report_player_days_active;

create table report_active_players (
  day date not null,
  currency text not null,
  country text not null,
  product text not null,
  game text not null,
  provider text not null,
  game_kind text not null,
  players bytea not null,
  primary key (day, currency, product, game, country)
);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): report_rebuild_active_players.

-- The days already aggregated get their rows, as report_rebuild_active_players builds one day's (in plain SQL: a
-- migration calls no function, since the functions are applied after the migrations).
insert into report_active_players (day, currency, country, product, game, provider, game_kind, players)
select day, currency, country, product, game, max(provider), max(game_kind),
       decode(string_agg(repeat('00', gap) || lpad(to_hex(bits), 2, '0'), '' order by byte), 'hex')
  from (select *, (byte - coalesce(lag(byte) over w, -1) - 1)::int as gap
          from (select day, currency, country, product, game, max(provider) as provider,
                       max(game_kind) as game_kind, player_id / 8 as byte, bit_or(1 << (player_id % 8)::int) as bits
                  from (select day, currency, country, product, game, provider, game_kind, player_id
                          from report_player_days where stakes > 0
                        union all
                        select day, currency, country, product, '*', '', '', player_id
                          from report_player_days where stakes > 0
                        union all
                        select day, currency, country, '*', '*', '', '', player_id
                          from report_player_days where stakes > 0) played
                 where day in (select day from report_days)
                 group by day, currency, country, product, game, player_id / 8) bytes
        window w as (partition by day, currency, country, product, game order by byte)) gaps
 group by day, currency, country, product, game;
