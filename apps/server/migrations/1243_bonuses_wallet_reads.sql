-- The bonuses module's reads for the wallet (issue 37, ADR 057): a player's bonuses with the terms a stake plays by,
-- and the games' wagering contributions. Plain views over one table each, folded into the wallet's statements.
create view bonuses_player_terms_v as
  select id, player_id, status, type, max_bet, is_free_bet, wagered, wager_requirement, contributions
    from player_bonuses;

create view bonuses_game_contributions_v as
  select game, percent
    from bonus_game_contributions;
