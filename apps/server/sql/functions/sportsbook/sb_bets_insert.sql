-- A slip's bets (in seq order) and their legs (each naming its bet's seq), inserted; answers the bets' ids in seq
-- order. sb_open_stakes is kept by the legs' trigger (1052).
create or replace function sb_bets_insert(p_bets json, p_legs json) returns json language plpgsql as $$
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
