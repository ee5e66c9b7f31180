-- Rebuilds a day's active-player bitmaps from report_player_days (modules/reports): per currency and country, the
-- players who staked (bit p % 8 of byte p / 8 is player p), per game, per product (game '*') and for all play
-- (product and game '*'). A range's active players are the bits set in the OR of its days' bitmaps.
create or replace function report_rebuild_active_players(p_day date) returns void language plpgsql as $$
begin
  delete from report_active_players where day = p_day;
  insert into report_active_players (day, currency, country, product, game, provider, game_kind, players)
  select p_day, currency, country, product, game, max(provider), max(game_kind),
         decode(string_agg(repeat('00', gap) || lpad(to_hex(bits), 2, '0'), '' order by byte), 'hex')
    from (select *, (byte - coalesce(lag(byte) over w, -1) - 1)::int as gap
            from (select currency, country, product, game, max(provider) as provider, max(game_kind) as game_kind,
                         player_id / 8 as byte, bit_or(1 << (player_id % 8)::int) as bits
                    from (select currency, country, product, game, provider, game_kind, player_id
                            from report_player_days where day = p_day and stakes > 0
                          union all
                          select currency, country, product, '*', '', '', player_id
                            from report_player_days where day = p_day and stakes > 0
                          union all
                          select currency, country, '*', '*', '', '', player_id
                            from report_player_days where day = p_day and stakes > 0) played
                   group by currency, country, product, game, player_id / 8) bytes
          window w as (partition by currency, country, product, game order by byte)) gaps
   group by currency, country, product, game;
end $$;
