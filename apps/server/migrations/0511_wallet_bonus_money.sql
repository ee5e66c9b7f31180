-- Bonus money in the wallet's one transaction (modules/bonuses, docs/decisions/010-bonus-money-in-the-bet.md).
-- A real-money bet asks bonus_stake (0510) which active bonus it plays and how much comes from that bonus's money
-- (real first, then bonus; bonus first under isolation), is refused over the bonus's max bet, posts its stake from
-- both accounts in one ledger movement and adds its wagering (converting the bonus when the requirement is met).
-- A win is credited in the proportion of its round's stakes (the bonus part rounded up, so main never gets more
-- than the real stakes' share); a rollback returns each part of its stake where it came from and takes back its
-- wagering. A part for a bonus that is no longer the active one follows that bonus (bonus_late_share). The round
-- keeps the bonus it played and its bonus stakes; the transaction keeps its bonus part and wagering for a rollback.
-- The answer's balance of a real session is what the player can stake: main + the casino bonus.
-- Otherwise wallet_apply of 0216, unchanged: idempotency, round mode and game, rollback marks, ROUND_MISMATCH.

alter table game_rounds
  add column bonus_id bigint,
  add column bonus_bet_total bigint not null default 0 check (bonus_bet_total >= 0);
alter table wallet_transactions
  add column bonus_id bigint,
  add column bonus_amount bigint not null default 0 check (bonus_amount >= 0),
  add column bonus_wagered bigint not null default 0 check (bonus_wagered >= 0);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): wallet_apply.
