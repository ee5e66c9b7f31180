-- The book as it is now for a slip's selections ([{i, event_id, market_id, specifiers, outcome_id}]): a row per
-- selection, in `i` order, with nulls where the book has no such event, market or outcome; the player's open stakes
-- on the selection's event, stake factor (thousandths, null for the default), currency, and the desk's stake limit
-- for the selection's sport and market (sb_book_limits: the market's row, else the sport's; null: none). Each lookup is a
-- primary-key probe (a lateral with a limit, whatever the statistics say: docs/decisions/036).
create or replace function sb_book(p_player_id bigint, p_selections json)
returns table (i integer, event_status text, start_time timestamptz, competitors jsonb, market_status smallint,
  watchdog_suspended boolean, odds integer, active boolean, result smallint, void_halves smallint, dead_heat text,
  staked bigint, factor bigint, currency text, max_stake bigint)
language plpgsql stable as $$
#variable_conflict use_column
begin
  return query
  select s.i, e.status, e.start_time, e.competitors, m.status, m.watchdog_suspended, o.odds, o.active, o.result,
         o.void_halves, o.dead_heat,
         coalesce((select k.staked from sb_open_stakes k
                    where k.player_id = p_player_id and k.event_id = s.event_id), 0),
         (select round(l.stake_factor * 1000)::bigint from sb_player_limits l where l.player_id = p_player_id),
         (select p.currency from players_summary_v p where p.id = p_player_id),
         (select l.max_stake from sb_book_limits l
           where l.sport = e.sport and l.market_id in (0, s.market_id) and l.max_stake is not null
           order by l.market_id desc limit 1)
    from json_to_recordset(p_selections) as s(i integer, event_id text, market_id integer, specifiers text,
           outcome_id text)
    left join lateral (select status, start_time, competitors, sport from sb_events where id = s.event_id limit 1) e on true
    left join lateral (select status, watchdog_suspended from sb_markets
                        where event_id = s.event_id and market_id = s.market_id and specifiers = s.specifiers
                        limit 1) m on true
    left join lateral (select odds, active, result, void_halves, dead_heat from sb_outcomes
                        where event_id = s.event_id and market_id = s.market_id and specifiers = s.specifiers
                          and outcome_id = s.outcome_id
                        limit 1) o on true
   order by s.i;
end $$;
