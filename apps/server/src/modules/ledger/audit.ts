/**
 * Checks the ledger's invariants from the data alone: every transaction balances, every player balance equals
 * the sum of its entries and is not negative, each entry's balance_after follows the one before, and no entry or wallet
 * record points at a row that is not there (those references are not foreign keys: docs/decisions/035). Answers the
 * discrepancies found (none on a healthy ledger). Used by tests, the crash test, the benchmark and operators.
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from './sql.ts';

export const auditLedger = async (db: TExecutor): Promise<string[]> => {
  const problems: string[] = [];
  const unbalanced = await queryRows<{ id: unknown; total: unknown }>(
    db,
    sql`select t.id, coalesce(sum(e.amount), 0)::text as total from ledger_transactions t
        left join ledger_entries e on e.transaction_id = t.id
        group by t.id having coalesce(sum(e.amount), 0) <> 0 or count(e.id) < 2`,
  );
  for (const row of unbalanced)
    problems.push(`transaction ${row.id} sums to ${row.total} or has < 2 entries`);

  const drifted = await queryRows<{ code: string; balance: unknown; total: unknown }>(
    db,
    sql`select a.code, a.balance::text as balance, coalesce(sum(e.amount), 0)::text as total
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.player_id is not null
        group by a.id having a.balance <> coalesce(sum(e.amount), 0) or a.balance < 0`,
  );
  for (const row of drifted)
    problems.push(`account ${row.code} balance ${row.balance} but entries sum ${row.total}`);

  const broken = await queryRows<{ code: string; id: unknown }>(
    db,
    sql`select a.code, e.id from (
          select id, account_id, balance_after,
                 sum(amount) over (partition by account_id order by id) as running
          from ledger_entries) e
        join ledger_accounts a on a.id = e.account_id
        where a.player_id is not null and e.balance_after is distinct from e.running`,
  );
  for (const row of broken)
    problems.push(`entry ${row.id} on ${row.code}: balance_after breaks the running sum`);

  const orphans = await queryRows<{ what: string; id: unknown }>(
    db,
    sql`select 'entry' as what, e.id from ledger_entries e
         where not exists (select 1 from ledger_transactions t where t.id = e.transaction_id)
            or not exists (select 1 from ledger_accounts a where a.id = e.account_id)
        union all
        select 'wallet record', w.id from wallet_transaction_links_v w
         where (w.ledger_transaction_id is not null
                and not exists (select 1 from ledger_transactions t where t.id = w.ledger_transaction_id))
            or not exists (select 1 from players_summary_v p where p.id = w.player_id)`,
  );
  for (const row of orphans) problems.push(`${row.what} ${row.id} points at a missing row`);
  return problems;
};
