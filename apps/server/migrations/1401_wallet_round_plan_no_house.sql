-- wallet_round_many's plan no longer carries the house account's id: ledger_post_many finds (and makes) the
-- house account by its code (docs/decisions/059). No table holds the type; the function declares it.
drop type if exists wallet_round_plan;
create type wallet_round_plan as (
  n bigint, token text, round_id text, bet_id text, win_id text, bet bigint, win bigint, at timestamptz,
  expires timestamptz, player_id bigint, provider text, game text, mode text, currency text, player_kind text,
  player_code text, house_code text, player_acc bigint, player0 bigint, bonus_id bigint,
  bonus_code text, bonus_acc bigint, bonus0 bigint, bet_bonus bigint, win_bonus bigint, bet_player bigint,
  win_player bigint, wagered bigint, before jsonb, alone boolean
);
