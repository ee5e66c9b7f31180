/**
 * Applies a verified provider event to a deposit, exactly once: the deposit row is locked, a settled deposit
 * ignores later events, and `paid` credits main through the ledger with the deposit id as the idempotency key.
 * A deposit that took an offer gets its bonus in the same transaction (deposit-offers.ts; the offer is re-checked).
 *
 * Money the provider took is always either credited or refunded, never kept or dropped (docs/decisions/048):
 * - paid while the deposit still fits the deposit limit (checked again now, under the player's lock): credited;
 * - paid past the limit (another payment completed first): refunded, status `refunded`, reason `deposit_limit`;
 * - paid after the player cancelled: refunded, reason `cancelled`;
 * - paid after it expired (the player only stopped waiting): credited like any payment, or refunded past the limit.
 */
import { toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import {
  HOUSE,
  lockPlayerAccounts,
  postInTransaction,
  publishBalances,
  queryRows,
  toBigInt,
} from '../ledger/index.ts';
import type { TPaymentEvent } from '../payments/index.ts';
import { enqueueRefund, PaymentEventRejected } from '../payments/index.ts';
import { depositLimitRefusal } from './deposit-limit.ts';
import { countSuccessfulDeposits, NO_OFFER, settleDepositOffer } from './deposit-offers.ts';
import { runPaidDepositHooks } from './paid-deposit-hooks.ts';

const OPEN = new Set(['new', 'pending']);
/** Closed by us or the player, not by the payment: money that arrives anyway is still dealt with. */
const CLOSED_BEFORE_PAYMENT = new Set(['cancelled', 'expired']);
const STATUS_OF = { paid: 'success', failed: 'failed', pending: 'pending', cancelled: 'cancelled' } as const;

export const settleDeposit = async (ctx: TAppContext, event: TPaymentEvent) => {
  const now = ctx.providers.clock.now();
  let credited: number | null = null;
  const status = await ctx.db.transaction(async (tx) => {
    const [deposit] = await queryRows<{
      player_id: unknown;
      amount: unknown;
      currency: string;
      status: string;
      provider: string;
      method: string;
      campaign_offer_id: unknown;
      created_at: string | Date;
    }>(
      tx,
      sql`select player_id, amount, currency, status, provider, method, campaign_offer_id, created_at
          from cashier_transactions
          where id = ${event.transactionId} and type = 'deposit' for update`,
    );
    if (!deposit || deposit.provider !== event.provider) throw new PaymentEventRejected('unknown deposit');
    const amount = toBigInt(deposit.amount);
    if (amount !== event.amount || deposit.currency !== event.currency)
      throw new PaymentEventRejected(
        `amount mismatch: ${toMajor(event.amount)} ${event.currency} for ${toMajor(amount)} ${deposit.currency}`,
      );
    const next = STATUS_OF[event.status];
    const latePayment = next === 'success' && CLOSED_BEFORE_PAYMENT.has(deposit.status);
    if ((!OPEN.has(deposit.status) && !latePayment) || next === deposit.status) return deposit.status;
    const playerId = Number(deposit.player_id);
    if (next === 'success') {
      await lockPlayerAccounts(tx, [playerId]);
      const refusedFor =
        deposit.status === 'cancelled'
          ? 'cancelled'
          : (await depositLimitRefusal(tx, playerId, amount, now))
            ? 'deposit_limit'
            : null;
      if (refusedFor) {
        await enqueueRefund(ctx, tx, {
          provider: deposit.provider,
          transactionId: event.transactionId,
          amount,
          currency: deposit.currency,
        });
        await tx.execute(
          sql`update cashier_transactions set status = 'refunded', status_reason = ${refusedFor}, updated_at = ${now}
              where id = ${event.transactionId}`,
        );
        return 'refunded';
      }
      await postInTransaction(tx, {
        idempotencyKey: `deposit:${event.transactionId}`,
        kind: 'deposit',
        reference: event.transactionId,
        entries: [
          { account: { playerId, kind: 'main' }, amount },
          { account: HOUSE.payments, amount: -amount },
        ],
        meta: { provider: event.provider },
        at: now,
      });
      credited = playerId;
      await runPaidDepositHooks({ tx, playerId, amount, depositId: event.transactionId, at: now });
      const offerId = Number(deposit.campaign_offer_id);
      // The player's accounts are locked above: a second deposit of this player settles after this one.
      if (offerId !== NO_OFFER)
        await settleDepositOffer({
          tx,
          ctx,
          playerId,
          offerId,
          method: deposit.method,
          amount,
          successfulDeposits: await countSuccessfulDeposits(tx, playerId, event.transactionId),
          depositedAt: new Date(deposit.created_at),
          depositId: event.transactionId,
        });
    }
    await tx.execute(
      sql`update cashier_transactions set status = ${next}, updated_at = ${now} where id = ${event.transactionId}`,
    );
    return next;
  });
  if (credited !== null) await publishBalances(ctx.db, ctx.bus, [credited]);
  if (status === 'refunded') ctx.jobs.wake();
  return status;
};
