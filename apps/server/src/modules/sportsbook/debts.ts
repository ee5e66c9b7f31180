/**
 * Debts: what a settlement rollback could not take back because the player had spent the winnings. A later
 * deposit repays them first, oldest first, inside the cashier's transaction (its paid-deposit hook): as much of
 * the deposit as the debts need goes from main to the house.
 */
import { sql } from 'drizzle-orm';
import type { TPaidDeposit } from '../cashier/index.ts';
import { HOUSE, postInTransaction, queryRows, toBigInt } from '../ledger/index.ts';

export const repayDebts = async ({ tx, playerId, amount, depositId, at }: TPaidDeposit) => {
  const debts = await queryRows<{ id: unknown; remaining: unknown }>(
    tx,
    sql`select id, remaining from sb_debts where player_id = ${playerId} and remaining > 0 order by id for update`,
  );
  let left = amount;
  let repaid = 0n;
  for (const debt of debts) {
    if (left <= 0n) break;
    const remaining = toBigInt(debt.remaining);
    const paid = remaining < left ? remaining : left;
    left -= paid;
    repaid += paid;
    await tx.execute(sql`update sb_debts set remaining = remaining - ${paid.toString()}::bigint,
        repaid_at = case when remaining - ${paid.toString()}::bigint = 0 then ${at}::timestamptz else null end
      where id = ${debt.id}`);
  }
  if (repaid > 0n)
    await postInTransaction(tx, {
      idempotencyKey: `sportsbook:debt-repayment:${depositId}`,
      kind: 'sportsbook.debt_repayment',
      reference: depositId,
      entries: [
        { account: { playerId, kind: 'main' }, amount: -repaid },
        { account: HOUSE.games, amount: repaid },
      ],
      at,
    });
};
