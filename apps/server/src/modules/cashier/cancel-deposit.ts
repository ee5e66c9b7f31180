/**
 * cashier.canceldeposit: the player gives up a deposit that is still open (new: not paid on the provider's page
 * yet; pending: under way at the provider). Its payment is voided at the provider; money that arrives anyway is
 * refunded, never credited (settle-deposit.ts). Cancelling twice answers the same.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/index.ts';
import { enqueueVoid } from '../payments/index.ts';

export const cancelDeposit = async (ctx: TAppContext, playerId: number, id: string) => {
  if (!id) throw invalidParameters({ transaction_id: 'requiredField' });
  const now = ctx.providers.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [deposit] = await queryRows<{ player_id: unknown; status: string; provider: string }>(
      tx,
      sql`select player_id, status, provider from cashier_transactions
          where id = ${id} and type = 'deposit' for update`,
    );
    if (!deposit || Number(deposit.player_id) !== playerId)
      throw invalidParameters({ transaction_id: 'notFound' });
    if (deposit.status === 'cancelled') return;
    if (deposit.status !== 'new' && deposit.status !== 'pending')
      throw new AppError('BillingTransactionDeclinedException', {
        reason: 'not_cancellable',
        status: deposit.status,
      });
    await tx.execute(
      sql`update cashier_transactions set status = 'cancelled', updated_at = ${now} where id = ${id}`,
    );
    await enqueueVoid(ctx, tx, { provider: deposit.provider, transactionId: id });
  });
  ctx.jobs.wake();
  return 'cancelled' as const;
};
