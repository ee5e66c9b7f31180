-- The rounds of a batch in one call, set-based (issue 11; docs/decisions/044).
--
-- A batch of bets (modules/wallet/bet-batch.ts) held one wallet_round call per round. Each call ran its ~14
-- statements for one round, and most of PostgreSQL's time went to starting statements, not to the rows they
-- wrote: perf showed a flat profile of executor start-up, plan checks and memory contexts. wallet_round_many runs
-- the same statements once for all the batch's rounds.
--
-- It writes exactly what wallet_round writes for each round, round after round, in the rounds' order: the ledger
-- transactions (each round's stake, then its win), their entries, the balances, the bonus's wagering, the closed
-- round, the session's expiry and the two wallet records with their stored answers. It answers a JSON array with,
-- for each round, what wallet_round answers. The caller's wallet_open calls (one per round, in the same
-- transaction) have locked the players' accounts. The batch never holds two rounds of one player.
--
-- It does not go the two calls' way itself. A round that wallet_round would send to wallet_round_apart (a round or
-- rollback mark that exists, no session, a missing account, a betting bonus, a stake that completes its bonus), or
-- would refuse (short of money, over a bonus's maximum bet), makes it raise WA900. The batch then rolls back and
-- runs each of its rounds alone through wallet_round, which answers each round as before.

create type wallet_round_plan as (
  n bigint, token text, round_id text, bet_id text, win_id text, bet bigint, win bigint, at timestamptz,
  expires timestamptz, player_id bigint, provider text, game text, mode text, currency text, player_kind text,
  player_code text, house_code text, house_id bigint, player_acc bigint, player0 bigint, bonus_id bigint,
  bonus_code text, bonus_acc bigint, bonus0 bigint, bet_bonus bigint, win_bonus bigint, bet_player bigint,
  win_player bigint, wagered bigint, before jsonb, alone boolean
);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): wallet_round_many.
