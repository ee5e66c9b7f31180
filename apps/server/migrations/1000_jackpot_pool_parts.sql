-- A tier's pool without summing its history (modules/competitions, issue 11: nothing in the bet's path scans).
-- jackpot_pool of 0581 summed every entry its house account ever had, three times a stake on a three-tier jackpot:
-- a cost that grew with every contribution. Now every movement of a pool account also adds its amount to one of
-- sixteen parts of the tier's pool, in the same function and transaction as its ledger entry, so the parts always
-- sum to the account's entries (jackpots.test.ts checks it) and the pool is a sum of at most sixteen rows. A
-- contribution, a payout and the seed that restarts a dropped tier add to the part of the player's id (players rarely
-- wait on each other, unlike on one hot row); a seed without a player (the cycles job) to part 0. A stake takes only
-- its own player's parts, in tier order: two stakes crossing one drop point wait on the cycle row, never in a circle.
create table jackpot_pool_parts (
  tier_id bigint not null references jackpot_tiers(id) on delete cascade,
  part smallint not null check (part between 0 and 15),
  amount bigint not null,
  primary key (tier_id, part)
);

insert into jackpot_pool_parts (tier_id, part, amount)
  select t.id, 0, coalesce(sum(e.amount), 0)::bigint
    from jackpot_tiers t
    join ledger_accounts a on a.code = 'house:jackpot:' || t.id
    left join ledger_entries e on e.account_id = a.id
   group by t.id;

-- Its functions live in apps/server/sql/functions/ (docs/decisions/054): jackpot_pool, jackpot_pool_add,
-- jackpot_start_cycle, jackpot_apply.

drop function if exists jackpot_start_cycle(bigint, timestamptz);
