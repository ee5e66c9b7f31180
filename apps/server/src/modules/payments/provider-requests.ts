/**
 * What the cashier asks of a payment provider after its own transaction commits: void a payment the player will
 * not make (cancelled or expired deposit), refund one we will not credit (paid after a cancel, or past the deposit
 * limit). Each is a job queued in the cashier's transaction, so it exists exactly when the decision commits, and
 * is retried until the provider answers (a job that keeps failing stays visible and retryable in the jobs table).
 */
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { findPaymentProvider, type TRefundRequest } from './provider.ts';

export const VOID_JOB = 'payments.void-deposit';
export const REFUND_JOB = 'payments.refund-deposit';

const providerNamed = (ctx: TAppContext, name: unknown) => {
  const provider = findPaymentProvider(ctx, String(name));
  if (!provider) throw new Error(`no payment provider ${String(name)}`);
  return provider;
};

export const enqueueVoid = (
  ctx: TAppContext,
  tx: TExecutor,
  request: { provider: string; transactionId: string },
) =>
  ctx.jobs.enqueue(VOID_JOB, request, {
    executor: tx,
    singletonKey: `${VOID_JOB}:${request.transactionId}`,
  });

export const enqueueRefund = (
  ctx: TAppContext,
  tx: TExecutor,
  request: TRefundRequest & { provider: string },
) =>
  ctx.jobs.enqueue(
    REFUND_JOB,
    { ...request, amount: String(request.amount) },
    { executor: tx, singletonKey: `${REFUND_JOB}:${request.transactionId}` },
  );

export const defineProviderJobs = (ctx: TAppContext) => {
  ctx.jobs.define(VOID_JOB, async (payload) => {
    await providerNamed(ctx, payload.provider).voidDeposit(ctx, String(payload.transactionId));
  });
  ctx.jobs.define(REFUND_JOB, async (payload) => {
    await providerNamed(ctx, payload.provider).refundDeposit(ctx, {
      transactionId: String(payload.transactionId),
      amount: BigInt(String(payload.amount)),
      currency: String(payload.currency),
    });
  });
};
