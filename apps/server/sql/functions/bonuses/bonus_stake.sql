-- A real-money stake (the wallet's bet, under the player's lock, before the money moves): which active bonus it
-- plays and how much of it comes from that bonus's money. Real money first, then bonus; with bonus isolation,
-- bonus money first and only that part counts towards wagering (the real balance stays free). The sportsbook's
-- stakes (game kind betting) play the betting bonus, every other kind the casino bonus; a betting bonus's wagering
-- is counted at the settlement (with the bet's odds), not here, and a free bet's money is staked first. A stake
-- over the bonus's max bet is refused (WA000 BONUS_MAX_BET, detail: the max bet in cents) while the bonus has money
-- in play. More than the two balances hold is left to the ledger to refuse (insufficient funds).
create or replace function bonus_stake(
  p_player_id bigint, p_game text, p_amount bigint,
  out o_bonus_id bigint, out o_account text, out o_from_bonus bigint, out o_wagered bigint
) language plpgsql as $$
declare
  v_kind text;
  b record;
  v_main bigint;
  v_bonus bigint;
  v_isolated boolean;
begin
  o_from_bonus := 0;
  o_wagered := 0;
  if not exists (select 1 from player_bonuses x where x.player_id = p_player_id and x.status = 'active') then
    return;
  end if;
  select g.type into v_kind from games_catalogue_v g where g.sysname = p_game;
  v_kind := coalesce(v_kind, 'unknown');
  select x.id, x.type, x.max_bet, x.contributions, x.is_free_bet into b from player_bonuses x
   where x.player_id = p_player_id and x.status = 'active'
     and x.type = case when v_kind = 'betting' then 'betting' else 'casino' end;
  if b.id is null then
    return;
  end if;
  o_bonus_id := b.id;
  o_account := bonus_account(p_player_id, b.type);
  v_bonus := bonus_balance(o_account);
  v_isolated := bonus_isolation_enabled();
  if v_isolated or b.is_free_bet then
    o_from_bonus := least(p_amount, v_bonus);
  else
    v_main := bonus_balance('player:' || p_player_id || ':main');
    o_from_bonus := greatest(0, p_amount - v_main);
  end if;
  if b.max_bet is not null and p_amount > b.max_bet and (o_from_bonus > 0 or (not v_isolated and v_bonus > 0)) then
    perform wallet_raise('BONUS_MAX_BET', b.max_bet::text);
  end if;
  if b.type = 'betting' then
    return;
  end if;
  o_wagered := (case when v_isolated then o_from_bonus else p_amount end)
               * bonus_contribution(b.contributions, p_game, v_kind) / 100;
end $$;
