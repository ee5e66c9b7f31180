-- A withdrawal pauses the player's bonus until it is settled (issue 36; docs/decisions/048).
--
-- The burn_bonuses consent forfeited the active bonus as the withdrawal was requested, and a cancelled or declined
-- withdrawal gave the money back but not the bonus. Now the request holds the bonus: its money goes back to the
-- house and waits on the row as its stash (bonus.hold), the bonus is `available` but cannot be activated while a
-- hold names it. Paid out: the bonus is forfeited (its stash is lost). Cancelled or declined, and held by no other
-- pending withdrawal: its stash comes back on the bonus account (bonus.release) and it is active again, or it waits
-- as a paused bonus when another bonus of its type became active meanwhile, or it expires when its time ran out.
-- A withdrawal requested while a bonus is held joins the hold (the player agrees again): the bonus comes back only
-- when every withdrawal holding it was cancelled or declined, and is lost when any of them is paid.

create table bonus_withdrawal_holds (
  -- The cashier's withdrawal (cashier_transactions.id); the cashier owns that table, so no reference to it.
  withdrawal_id text not null,
  bonus_id bigint not null references player_bonuses(id),
  player_id bigint not null,
  created_at timestamptz not null,
  primary key (withdrawal_id, bonus_id)
);
create index bonus_withdrawal_holds_bonus on bonus_withdrawal_holds (bonus_id);

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): bonus_hold, bonus_release,
-- bonus_forfeit_held, bonus_activate.
