/** How many deposits a player had paid within a period (loyalty's deposit quests ask the cashier this). */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../ledger/index.ts';

export const countPaidDepositsBetween = async (db: TExecutor, playerId: number, from: Date, to: Date) => {
  const [row] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from cashier_transactions
         where player_id = ${playerId} and type = 'deposit' and status = 'success'
           and updated_at >= ${from} and updated_at < ${to}`,
  );
  return Number(row?.n ?? 0);
};
