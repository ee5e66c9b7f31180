-- A game's own wagering contribution for every bonus (modules/bonuses, docs/decisions/027): the operator sets it per
-- game in the back-office. A template's own per-game figure (contributions.games) still wins; else this one; else
-- the template's figure for the game's kind, else its `other`.
create table bonus_game_contributions (
  game text primary key,
  percent integer not null check (percent >= 0 and percent <= 100),
  updated_at timestamptz not null
);

-- bonus_contribution of 0510, reading the games' own figures (stable now: it reads a table).
create or replace function bonus_contribution(p_contributions jsonb, p_game text, p_kind text) returns integer
language plpgsql stable as $$
begin
  return greatest(0, least(100, coalesce((p_contributions -> 'games' ->> p_game)::int,
    (select c.percent from bonus_game_contributions c where c.game = p_game),
    (p_contributions -> 'kinds' ->> p_kind)::int, (p_contributions ->> 'other')::int, 0)));
end $$;
