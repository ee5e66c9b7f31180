/**
 * What happens to a held withdrawal: the player cancels it or an operator declines it (the money returns to
 * main), or an operator approves it (the money leaves to the payment provider). Each happens at most once. The
 * registered checks settle what they did in the same transaction: a bonus the request paused is forfeited when the
 * withdrawal is paid and comes back when it is cancelled or declined (modules/bonuses/withdrawal-forfeit.ts).
 */
import type { Cents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import { HOUSE, postInTransaction, publishBalances, queryRows, toBigInt } from '../ledger/index.ts';
import { settleWithdrawalChecks, type TWithdrawalOutcome } from './withdrawal-checks.ts';

export interface TResolvedWithdrawal {
  status: 'success' | 'cancelled' | 'failed';
  /** Bonus money the request had paused that came back with this outcome (0 when none, or repeated). */
  bonusReturned: Cents;
}

const resolveWithdrawal = async (
  ctx: TAppContext,
  id: string,
  outcome: TWithdrawalOutcome,
  options: { playerId?: number; operator?: string; reason?: string } = {},
): Promise<TResolvedWithdrawal> => {
  const now = ctx.providers.clock.now();
  let playerToPublish: number | null = null;
  let bonusReturned = 0n;
  const status = await ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<{ player_id: unknown; amount: unknown; status: string }>(
      tx,
      sql`select player_id, amount, status from cashier_transactions
          where id = ${id} and type = 'withdrawal' for update`,
    );
    if (!row || (options.playerId !== undefined && Number(row.player_id) !== options.playerId))
      throw invalidParameters({ transaction_id: 'notFound' });
    const target = outcome === 'approved' ? 'success' : outcome === 'cancelled' ? 'cancelled' : 'failed';
    if (row.status === target) return row.status;
    if (row.status !== 'pending')
      throw new AppError('WithdrawalDeclinedException', { reason: 'not_pending', status: row.status });
    const playerId = Number(row.player_id);
    const amount = toBigInt(row.amount);
    await postInTransaction(tx, {
      idempotencyKey: `withdrawal-${outcome}:${id}`,
      kind: `withdrawal.${outcome}`,
      reference: id,
      entries:
        outcome === 'approved'
          ? [
              { account: HOUSE.withdrawalsPending, amount: -amount },
              { account: HOUSE.payments, amount },
            ]
          : [
              { account: HOUSE.withdrawalsPending, amount: -amount },
              { account: { playerId, kind: 'main' }, amount },
            ],
      meta: options.operator ? { operator: options.operator } : {},
      at: now,
    });
    await tx.execute(
      sql`update cashier_transactions set status = ${target}, updated_at = ${now},
            decided_by = ${options.operator ?? null}, decision_reason = ${options.reason ?? null}
          where id = ${id}`,
    );
    ({ bonusReturned } = await settleWithdrawalChecks({ tx, ctx, playerId, transactionId: id, outcome }));
    // A payout moves no money of the player's, but its settle may start their next bonus (a held one forfeited).
    playerToPublish = playerId;
    return target;
  });
  if (playerToPublish !== null) await publishBalances(ctx.db, ctx.bus, [playerToPublish]);
  return { status: status as TResolvedWithdrawal['status'], bonusReturned };
};

/** cashier.cancelwithdrawal: only the player's own withdrawal still waiting for approval. */
export const cancelWithdrawal = (ctx: TAppContext, playerId: number, id: string) =>
  resolveWithdrawal(ctx, id, 'cancelled', { playerId });

/** For the back-office: pay the withdrawal out (a bonus its request paused is forfeited). */
export const approveWithdrawal = (ctx: TAppContext, id: string, operator: string) =>
  resolveWithdrawal(ctx, id, 'approved', { operator });

/** For the back-office: refuse the withdrawal; the money returns to main, a bonus its request paused comes back. */
export const declineWithdrawal = (ctx: TAppContext, id: string, operator: string, reason?: string) =>
  resolveWithdrawal(ctx, id, 'declined', { operator, reason });
