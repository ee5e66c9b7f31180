-- Placement's two statements of its own as functions (issue 15; docs/decisions/040).
--
-- Placement sends the book's read with wallet_open and the bets' insert with the stake, each in one simple-protocol
-- round trip (docs/decisions/031), so their values were inlined as literals and PostgreSQL parsed and planned both
-- statements on every bet: pg_stat_statements put the planning at about 300 µs for the read and 120 µs for the
-- insert, against 50 µs and 140 µs of execution. Inside a function each statement's plan is kept by the backend;
-- what travels is the function's call with two json literals, planned in microseconds. The rows and answers are
-- the same as the statements' were.

-- The book as it is now for a slip's selections ([{i, event_id, market_id, specifiers, outcome_id}]): a row per
-- selection, in `i` order, with nulls where the book has no such event, market or outcome; the player's open stakes
-- on the selection's event, stake factor (thousandths, null for the default) and currency. Each lookup is a
-- primary-key probe (a lateral with a limit, whatever the statistics say: docs/decisions/036).
create function sb_book(p_player_id bigint, p_selections json)
returns table (i integer, event_status text, start_time timestamptz, competitors jsonb, market_status smallint,
  watchdog_suspended boolean, odds integer, active boolean, result smallint, void_halves smallint, dead_heat text,
  staked bigint, factor bigint, currency text)
language plpgsql stable as $$
#variable_conflict use_column
begin
  return query
  select s.i, e.status, e.start_time, e.competitors, m.status, m.watchdog_suspended, o.odds, o.active, o.result,
         o.void_halves, o.dead_heat,
         coalesce((select k.staked from sb_open_stakes k
                    where k.player_id = p_player_id and k.event_id = s.event_id), 0),
         (select round(l.stake_factor * 1000)::bigint from sb_player_limits l where l.player_id = p_player_id),
         (select p.currency from players p where p.id = p_player_id)
    from json_to_recordset(p_selections) as s(i integer, event_id text, market_id integer, specifiers text,
           outcome_id text)
    left join lateral (select status, start_time, competitors from sb_events where id = s.event_id limit 1) e on true
    left join lateral (select status, watchdog_suspended from sb_markets
                        where event_id = s.event_id and market_id = s.market_id and specifiers = s.specifiers
                        limit 1) m on true
    left join lateral (select odds, active, result, void_halves, dead_heat from sb_outcomes
                        where event_id = s.event_id and market_id = s.market_id and specifiers = s.specifiers
                          and outcome_id = s.outcome_id
                        limit 1) o on true
   order by s.i;
end $$;

-- A slip's bets (in seq order) and their legs (each naming its bet's seq), inserted; answers the bets' ids in seq
-- order. sb_open_stakes is kept by the legs' trigger (1052).
create function sb_bets_insert(p_bets json, p_legs json) returns json language plpgsql as $$
declare
  v_ids json;
begin
  with b as (
    insert into sb_bets (player_id, bet_uuid, seq, type, system_size, system_name, lines, stake, total_stake,
      potential_payout, is_live, wallet_token, round_id, placed_at)
    select v.player_id, v.bet_uuid, v.seq, v.type, v.system_size, v.system_name, v.lines, v.stake, v.total_stake,
           v.potential_payout, v.is_live, v.wallet_token, v.round_id, v.placed_at
      from json_to_recordset(p_bets) as v(player_id bigint, bet_uuid text, seq integer, type text,
             system_size integer, system_name text, lines integer, stake bigint, total_stake bigint,
             potential_payout bigint, is_live boolean, wallet_token text, round_id text, placed_at timestamptz)
     order by v.seq
    returning id, seq),
  l as (
    insert into sb_bet_legs (bet_id, leg, event_id, market_id, specifiers, outcome_id, odds)
    select b.id, v.leg, v.event_id, v.market_id, v.specifiers, v.outcome_id, v.odds
      from json_to_recordset(p_legs) as v(seq integer, leg integer, event_id text, market_id integer,
             specifiers text, outcome_id text, odds integer)
      join b on b.seq = v.seq)
  select json_agg(b.id order by b.seq) into v_ids from b;
  return v_ids;
end $$;
