-- The cashier's running money per player (issue 40, docs/decisions/065-player-crm.md): paid deposits and paid
-- withdrawals, their difference and the last paid deposit, kept by a trigger on cashier_transactions
-- (sql/functions/cashier/cashier_player_totals_follow.sql) so that the back-office's player list can filter and sort
-- 100,000 players by net deposits without summing every payment on each page. A player with no paid payment has
-- no row.
create table cashier_player_totals (
  player_id bigint primary key,
  deposits bigint not null default 0,
  withdrawals bigint not null default 0,
  net bigint generated always as (deposits - withdrawals) stored,
  last_deposit_at timestamptz
);
create index cashier_player_totals_net on cashier_player_totals (net, player_id);
create index cashier_player_totals_last_deposit on cashier_player_totals (last_deposit_at, player_id);

insert into cashier_player_totals (player_id, deposits, withdrawals, last_deposit_at)
  select player_id,
         coalesce(sum(amount) filter (where type = 'deposit'), 0),
         coalesce(sum(amount) filter (where type = 'withdrawal'), 0),
         max(created_at) filter (where type = 'deposit')
    from cashier_transactions
   where status = 'success'
   group by player_id;

-- The cashier's read of them for other modules.
create view cashier_player_totals_v as
  select player_id, deposits, withdrawals, net, last_deposit_at
    from cashier_player_totals;
