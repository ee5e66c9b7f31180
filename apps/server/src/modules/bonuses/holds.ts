/** What holds a player's bonus (ADR 049): the pending withdrawals of bonus_withdrawal_holds, with their amounts. */
import type { Cents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { pendingWithdrawalAmounts } from '../cashier/index.ts';
import { queryRows } from '../ledger/index.ts';

export interface TWithdrawalHold {
  /** What the withdrawals holding the bonus take out together. */
  amount: Cents;
  count: number;
}

/** The hold on each of these bonuses that pending withdrawals hold (the others are left out). */
export const withdrawalHoldsOf = async (db: TExecutor, bonusIds: readonly number[]) => {
  const holds = new Map<number, TWithdrawalHold>();
  if (bonusIds.length === 0) return holds;
  const rows = await queryRows<{ bonus_id: unknown; withdrawal_id: string }>(
    db,
    sql`select bonus_id, withdrawal_id from bonus_withdrawal_holds
        where bonus_id in (${sql.join(
          bonusIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  const amounts = await pendingWithdrawalAmounts(
    db,
    rows.map((row) => row.withdrawal_id),
  );
  for (const row of rows) {
    const amount = amounts.get(row.withdrawal_id);
    if (amount === undefined) continue;
    const bonusId = Number(row.bonus_id);
    const hold = holds.get(bonusId) ?? { amount: 0n, count: 0 };
    holds.set(bonusId, { amount: hold.amount + amount, count: hold.count + 1 });
  }
  return holds;
};
