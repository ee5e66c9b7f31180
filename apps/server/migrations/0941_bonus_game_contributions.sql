-- A game's own wagering contribution for every bonus (modules/bonuses, docs/decisions/027): the operator sets it per
-- game in the back-office. A template's own per-game figure (contributions.games) still wins; else this one; else
-- the template's figure for the game's kind, else its `other`.
create table bonus_game_contributions (
  game text primary key,
  percent integer not null check (percent >= 0 and percent <= 100),
  updated_at timestamptz not null
);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): bonus_contribution.
