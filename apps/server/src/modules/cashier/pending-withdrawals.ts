/** The amounts of pending withdrawals by id: what another module that holds something for them shows beside it. */
import type { Cents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, textArray, toBigInt } from '../ledger/index.ts';

/** Each of `ids` still pending, with its amount (settled or unknown ids are left out). */
export const pendingWithdrawalAmounts = async (
  db: TExecutor,
  ids: readonly string[],
): Promise<Map<string, Cents>> => {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: string; amount: unknown }>(
    db,
    sql`select id, amount from cashier_transactions
        where id = any(${textArray(ids)}::text[]) and type = 'withdrawal' and status = 'pending'`,
  );
  return new Map(rows.map((row) => [row.id, toBigInt(row.amount)]));
};
