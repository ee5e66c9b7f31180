-- Percent of a stake on a game that counts towards a bonus's wagering: the game's own figure
-- (bonus_game_contributions), else its kind's, else `other`.
create or replace function bonus_contribution(p_contributions jsonb, p_game text, p_kind text) returns integer
language plpgsql stable as $$
begin
  return greatest(0, least(100, coalesce((p_contributions -> 'games' ->> p_game)::int,
    (select c.percent from bonus_game_contributions c where c.game = p_game),
    (p_contributions -> 'kinds' ->> p_kind)::int, (p_contributions ->> 'other')::int, 0)));
end $$;
