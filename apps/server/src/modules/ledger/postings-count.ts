/**
 * The ledger's postings so far, for the metrics (casino_ledger_*_total, read at each scrape): the highest id of its
 * transactions and of its entries. An index's last key, not a count of a table that only grows: ids come from a
 * sequence, so a posting rolled back (a refused bet) leaves a gap and these may run ahead of the rows by the
 * attempts that failed; the rate of postings is what they are for.
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from './sql.ts';

export const ledgerPostingsSoFar = async (db: TExecutor) => {
  const [row] = await queryRows<{ transactions: unknown; entries: unknown }>(
    db,
    sql`select (select coalesce(max(id), 0) from ledger_transactions) as transactions,
      (select coalesce(max(id), 0) from ledger_entries) as entries`,
  );
  return { transactions: Number(row?.transactions ?? 0), entries: Number(row?.entries ?? 0) };
};
