-- Reports reconcile player balances and count settled play only (modules/reports, issue 36).
--
-- report_movements: per day, currency and country, every ledger kind that moved player money (main, bonus,
-- betting_bonus; demo `fun` money is left out), split by account and by the detail a kind's line needs (the product
-- of a stake or win, the source of a loyalty reward). Nothing is filtered by kind: a kind nobody classified still
-- has its row and shows as "other".
create table report_movements (
  day date not null,
  currency text not null,
  country text not null,
  kind text not null,
  detail text not null,
  -- The player account moved (main, bonus, betting_bonus), or 'house' for a movement of house money a report
  -- shows beside the players' (a paid withdrawal leaves the held money; a jackpot contribution moves the games'
  -- money to the pools), attributed to the player it concerns and left out of the players' balances.
  account text not null,
  -- Σ of the kind's entries on the players' accounts, cents (signed: what the players' balances gained); on
  -- 'house' rows the amount paid out or contributed.
  amount bigint not null,
  count integer not null,
  primary key (day, currency, country, kind, detail, account)
);

-- The players' balances (main + bonus + betting_bonus) at the day's start and end, each measured from the ledger at
-- that instant (the balances now less every entry since), never derived from the day's movements: opening +
-- movements = closing is the check.
create table report_balances (
  day date not null,
  currency text not null,
  country text not null,
  opening bigint not null,
  closing bigint not null,
  primary key (day, currency, country)
);

-- A day aggregated with the reconciliation (days aggregated before this migration have no balances until rebuilt).
alter table report_days add column reconciled boolean not null default false;

-- GGR counts settled play: `stakes` and `wins` are settled figures from now on; the stakes still open at the day's
-- end (a sportsbook bet not settled, a casino round not closed) are a liability apart; voided sportsbook stakes
-- (void or cancelled bets) are shown apart and in neither.
alter table report_player_days
  add column open_stakes bigint not null default 0,
  add column voided_stakes bigint not null default 0;
alter table report_daily
  add column open_stakes bigint not null default 0,
  add column voided_stakes bigint not null default 0;

-- The reports read the bets settled in a window and the bets open at an instant (modules/sportsbook/report-bets.ts).
-- Partial: a placement (settled_at null) writes no entry here; a settlement already changes indexed columns.
create index if not exists sb_bets_settled_at on sb_bets (settled_at) where settled_at is not null;

-- The days already aggregated are rebuilt by the jobs queue with the new figures, a month per job (one snapshot).
insert into jobs (name, payload, singleton_key)
select 'reports.day',
       jsonb_build_object('from', to_char(min(day), 'YYYY-MM-DD'), 'to', to_char(max(day), 'YYYY-MM-DD')),
       'reports.day:1100:' || to_char(date_trunc('month', day), 'YYYY-MM')
  from report_days
 group by date_trunc('month', day)
on conflict (singleton_key) do nothing;
