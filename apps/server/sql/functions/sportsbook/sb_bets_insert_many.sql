-- The slips of a batch of placements inserted by one statement (issue 15; docs/decisions/046).
--
-- Each placed slip sent its own sb_bets_insert call with its stake (1053): in a batch of four placements, four
-- calls, each starting its two inserts and firing the legs' statement trigger that keeps sb_open_stakes (1052).
-- sb_bets_insert_many takes the batch's slips, [{bets: [...], legs: [...]}] as sb_bets_insert takes one slip's
-- bets and legs, and inserts them all at once: the bets in (player, bet_uuid, seq) order, so a slip's ids still
-- follow its seq; each leg joins its bet by (player, bet_uuid, seq). It answers a row per bet: player_id,
-- bet_uuid, seq and its id.
create or replace function sb_bets_insert_many(p_slips json)
returns table (player_id bigint, bet_uuid text, seq integer, id bigint) language plpgsql as $$
#variable_conflict use_column
begin
  return query
  with b as (
    insert into sb_bets (player_id, bet_uuid, seq, type, system_size, system_name, lines, stake, total_stake,
      potential_payout, is_live, wallet_token, round_id, placed_at)
    select v.player_id, v.bet_uuid, v.seq, v.type, v.system_size, v.system_name, v.lines, v.stake, v.total_stake,
           v.potential_payout, v.is_live, v.wallet_token, v.round_id, v.placed_at
      from json_array_elements(p_slips) as s(slip)
      cross join lateral json_to_recordset(s.slip -> 'bets') as v(player_id bigint, bet_uuid text, seq integer,
             type text, system_size integer, system_name text, lines integer, stake bigint, total_stake bigint,
             potential_payout bigint, is_live boolean, wallet_token text, round_id text, placed_at timestamptz)
     order by v.player_id, v.bet_uuid, v.seq
    returning sb_bets.id, sb_bets.player_id, sb_bets.bet_uuid, sb_bets.seq),
  l as (
    insert into sb_bet_legs (bet_id, leg, event_id, market_id, specifiers, outcome_id, odds)
    select b.id, v.leg, v.event_id, v.market_id, v.specifiers, v.outcome_id, v.odds
      from json_array_elements(p_slips) as s(slip)
      cross join lateral json_to_recordset(s.slip -> 'legs') as v(player_id bigint, bet_uuid text, seq integer,
             leg integer, event_id text, market_id integer, specifiers text, outcome_id text, odds integer)
      join b on b.player_id = v.player_id and b.bet_uuid = v.bet_uuid and b.seq = v.seq)
  select b.player_id, b.bet_uuid, b.seq, b.id from b;
end $$;
