/** A player's ledger entries, newest first, a page at a time (the back-office's player page). */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, toBigInt } from './sql.ts';

export interface TLedgerLine {
  entryId: number;
  transactionId: number;
  kind: string;
  account: string;
  amount: bigint;
  balanceAfter: bigint | null;
  reference: string | null;
  meta: Record<string, unknown>;
  at: Date;
}

export const LEDGER_PAGE_SIZE = 25;

/** Page `page` (from 0) of the entries on the player's accounts, and whether another page follows. */
export const playerLedgerPage = async (db: TExecutor, playerId: number, page: number) => {
  const rows = await queryRows<{
    entry_id: unknown;
    transaction_id: unknown;
    kind: string;
    account: string;
    amount: unknown;
    balance_after: unknown;
    reference: string | null;
    meta: Record<string, unknown> | string;
    created_at: string | Date;
  }>(
    db,
    sql`select e.id as entry_id, t.id as transaction_id, t.kind, a.kind as account, e.amount, e.balance_after,
               t.reference, t.meta, t.created_at
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where a.player_id = ${playerId}
        order by e.id desc limit ${LEDGER_PAGE_SIZE + 1} offset ${page * LEDGER_PAGE_SIZE}`,
  );
  const lines: TLedgerLine[] = rows.slice(0, LEDGER_PAGE_SIZE).map((r) => ({
    entryId: Number(r.entry_id),
    transactionId: Number(r.transaction_id),
    kind: r.kind,
    account: r.account,
    amount: toBigInt(r.amount),
    balanceAfter: r.balance_after === null ? null : toBigInt(r.balance_after),
    reference: r.reference,
    meta: typeof r.meta === 'string' ? JSON.parse(r.meta) : r.meta,
    at: new Date(r.created_at),
  }));
  return { lines, hasMore: rows.length > LEDGER_PAGE_SIZE };
};
